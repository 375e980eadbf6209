import crypto from 'node:crypto';

/**
 * The development / holdout split of a corpus (bench/evidence.ts, scripts/train-classifier.ts): by the
 * document's id alone, so it is the same on every run and machine and does not move when files are added.
 * sha256 of the id, first 32 bits mod 100: below 70 is "dev" (tune on it), the rest "holdout" (judge on it).
 */
export function splitOf(id: string): 'dev' | 'holdout' {
  const h = crypto.createHash('sha256').update(id).digest();
  return h.readUInt32BE(0) % 100 < 70 ? 'dev' : 'holdout';
}
