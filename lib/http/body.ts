import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@/lib/errors';
import { makeRunTempDir, removeRunTempDir } from '@/lib/storage/temp';

export const DEFAULT_JSON_LIMIT = 1024 * 1024; // 1 MiB

/** Refuses early on a declared Content-Length over the limit. */
export function checkDeclaredLength(req: Request, limit: number) {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

export function tooLarge(limit: number) {
  return new AppError('PAYLOAD_TOO_LARGE', `The request body exceeds ${formatBytes(limit)}.`, {
    details: { max_bytes: limit },
  });
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
  let text: string;
  try {
    // Fatal: bytes that are not UTF-8 are refused, not silently turned into U+FFFD.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('INVALID_JSON', 'The body is not valid UTF-8; send JSON encoded as UTF-8.');
  }
  if (text.trim() === '') throw new AppError('INVALID_JSON', 'The request body is empty; a JSON object was expected.');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError('INVALID_JSON', `The body is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * Streams a non-JSON body (multipart, raw file) to a temp file while hashing it, so an idempotent upload
 * can be recognised without holding it in memory. Returns a Request that replays the body from disk.
 */
export async function spoolBody(
  req: Request,
  limit: number,
): Promise<{ request: Request; sha256: string; cleanup: () => Promise<void> }> {
  checkDeclaredLength(req, limit);
  const dir = await makeRunTempDir('body');
  const file = path.join(dir, 'body');
  const cleanup = () => removeRunTempDir(dir);
  const hash = crypto.createHash('sha256');
  try {
    const out = fs.createWriteStream(file);
    let total = 0;
    if (req.body) {
      const reader = req.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limit) {
          await reader.cancel().catch(() => {});
          out.destroy();
          throw tooLarge(limit);
        }
        hash.update(value);
        if (!out.write(value)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
    }
    await new Promise<void>((res, rej) => {
      out.once('error', rej);
      out.end(() => res());
    });
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    const request = new Request(req.url, {
      method: req.method,
      headers: req.headers,
      body,
      duplex: 'half',
    } as RequestInit);
    const boundary = /^multipart\//i.test(req.headers.get('content-type') ?? '')
      ? req.headers.get('content-type')!.match(/boundary="?([^";]+)"?/i)?.[1]
      : undefined;
    // A retried upload builds a new form with a new random boundary: the same request all the same.
    const sha256 = boundary ? await digestWithout(file, Buffer.from(`--${boundary}`)) : hash.digest('hex');
    return { request, sha256, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** SHA-256 of a file with every occurrence of `needle` left out (streamed; needles may span chunks). */
export async function digestWithout(file: string, needle: Buffer): Promise<string> {
  const hash = crypto.createHash('sha256');
  let carry = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(file)) {
    const buf = Buffer.concat([carry, chunk as Buffer]);
    let start = 0;
    for (let idx = buf.indexOf(needle, start); idx !== -1; idx = buf.indexOf(needle, start)) {
      hash.update(buf.subarray(start, idx));
      start = idx + needle.length;
    }
    const keepFrom = Math.max(start, buf.length - (needle.length - 1));
    hash.update(buf.subarray(start, keepFrom));
    carry = buf.subarray(keepFrom);
  }
  hash.update(carry);
  return hash.digest('hex');
}
