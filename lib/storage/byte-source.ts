import fs from 'node:fs';

/**
 * A file read in pieces, for readers that pass over a large file more than once (the import reader
 * reads a CSV three or four times) without holding it: each `pieces()` call is a new pass from the
 * start. Synchronous, so the pieces can feed synchronous parsers and generators.
 */
export interface ByteSource {
  readonly size: number;
  /** the first `n` bytes (fewer when the file is shorter) */
  head(n: number): Uint8Array;
  /** the bytes from the start in pieces of at most PIECE_BYTES; each piece is a fresh buffer */
  pieces(): Iterable<Uint8Array>;
  /** every byte at once, for formats that cannot be read in pieces (workbooks) */
  bytes(): Promise<Uint8Array>;
}

export const PIECE_BYTES = 64 * 1024;

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    head: (n) => bytes.subarray(0, n),
    *pieces() {
      for (let i = 0; i < bytes.length; i += PIECE_BYTES) yield bytes.subarray(i, i + PIECE_BYTES);
    },
    bytes: async () => bytes,
  };
}

/**
 * A local file. Each piece opens, reads and closes the file, so a pass that is abandoned half way
 * (a sample of the first rows, a job that fails) never leaves a descriptor open.
 */
export function fileSource(filePath: string, size: number): ByteSource {
  const read = (position: number, length: number): Uint8Array => {
    const buf = Buffer.allocUnsafe(length);
    const fd = fs.openSync(filePath, 'r');
    try {
      let n = 0;
      while (n < length) {
        const got = fs.readSync(fd, buf, n, length - n, position + n);
        if (got === 0) break;
        n += got;
      }
      return n === length ? buf : buf.subarray(0, n);
    } finally {
      fs.closeSync(fd);
    }
  };
  return {
    size,
    head: (n) => read(0, Math.min(n, size)),
    *pieces() {
      for (let pos = 0; pos < size; pos += PIECE_BYTES) {
        const piece = read(pos, Math.min(PIECE_BYTES, size - pos));
        if (piece.length === 0) return;
        yield piece;
      }
    },
    bytes: async () => {
      const buf = await fs.promises.readFile(filePath);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    },
  };
}
