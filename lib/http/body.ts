import { AppError } from './errors';

export const DEFAULT_JSON_LIMIT = 1024 * 1024; // 1 MiB

/** Refuses early on a declared Content-Length over the limit. */
export function checkDeclaredLength(req: Request, limit: number) {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

export function tooLarge(limit: number) {
  return new AppError('PAYLOAD_TOO_LARGE', `The request body exceeds ${formatBytes(limit)}.`, { details: { max_bytes: limit } });
}

export function formatBytes(n: number) {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** Reads the body while counting, and stops with 413 as soon as it passes the limit. */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  checkDeclaredLength(req, limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

export function parseJsonBody(bytes: Uint8Array): unknown {
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') throw new AppError('INVALID_JSON', 'The request body is empty; a JSON object was expected.');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError('INVALID_JSON', `The body is not valid JSON: ${(e as Error).message}`);
  }
}
