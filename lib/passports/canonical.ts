/**
 * Canonical JSON (RFC 8785, JSON Canonicalization Scheme) and its sha256: a passport's content hash is
 * computed over these bytes, and the stored and served documents are exactly these bytes, so anyone can
 * recompute the hash from what they downloaded. Numbers use ECMAScript's shortest form (as JCS does);
 * keys are sorted by UTF-16 code units (JavaScript's default sort).
 */
import crypto from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: non-finite number');
    if (value === undefined) throw new Error('canonicalJson: undefined');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const sha256Hex = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export const canonicalSha256 = (value: unknown) => sha256Hex(canonicalJson(value));
