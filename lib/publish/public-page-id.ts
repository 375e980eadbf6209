/** Public ids of safety pages: short, random, QR-friendly and unambiguous when read off a label. */
import crypto from 'node:crypto';

// Crockford's base32 in lower case: no i, l, o, u, so a code read aloud or off a label is unambiguous.
export const PUBLIC_ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const PUBLIC_ID_LENGTH = 10;

/** A fresh random public id: 10 characters, 50 bits. */
export function generatePublicId(): string {
  const bytes = crypto.randomBytes(PUBLIC_ID_LENGTH);
  let out = '';
  for (const b of bytes) out += PUBLIC_ID_ALPHABET[b & 31];
  return out;
}

/** Reads a public id as typed or scanned: case-insensitive, o→0 and i/l→1 as Crockford says; null when it cannot be one. */
export function normalizePublicId(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const s = raw.trim().toLowerCase().replace(/-/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (s.length !== PUBLIC_ID_LENGTH) return null;
  for (const c of s) if (!PUBLIC_ID_ALPHABET.includes(c)) return null;
  return s;
}
