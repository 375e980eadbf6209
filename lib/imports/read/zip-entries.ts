import pako from 'pako';
import yauzl from 'yauzl';

/**
 * Random access to the parts of a zip held in memory: the central directory is read once (yauzl), then a
 * part's bytes are inflated synchronously, piece by piece, whenever a reader asks for them. Synchronous so a
 * row generator (a plain Generator, consumed without awaits) can pull a sheet through it; in pieces so no
 * part is ever held inflated as a whole.
 */

export interface ZipPart {
  name: string;
  method: number;
  flags: number;
  offset: number;
  compressedSize: number;
  uncompressedSize: number;
}

export async function listZipParts(bytes: Uint8Array): Promise<Map<string, ZipPart>> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true }, (err, z) =>
      err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
    ),
  );
  const parts = new Map<string, ZipPart>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        if (parts.has(e.fileName)) {
          reject(new Error(`duplicate zip entry ${e.fileName}`));
          return;
        }
        parts.set(e.fileName, {
          name: e.fileName,
          method: e.compressionMethod,
          flags: e.generalPurposeBitFlag,
          offset: e.relativeOffsetOfLocalHeader,
          compressedSize: e.compressedSize,
          uncompressedSize: e.uncompressedSize,
        });
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return parts;
}

/** Compressed bytes fed to the inflater per step, and the size of the pieces that come out. */
const INPUT_PIECE = 16 * 1024;
const OUTPUT_PIECE = 64 * 1024;

/** The part's inflated bytes in pieces, computed on demand; throws on damage or a size mismatch. */
export function* partPieces(bytes: Uint8Array, part: ZipPart): Generator<Buffer, void, void> {
  if (part.flags & 1) throw new Error(`zip entry ${part.name} is encrypted`);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = part.offset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) throw new Error(`bad local header for ${part.name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + part.compressedSize;
  if (end > buf.length) throw new Error(`zip entry ${part.name} is truncated`);
  const data = buf.subarray(start, end);
  if (part.method === 0) {
    if (part.compressedSize !== part.uncompressedSize) throw new Error(`stored entry ${part.name} has two sizes`);
    for (let i = 0; i < data.length; i += OUTPUT_PIECE) yield data.subarray(i, i + OUTPUT_PIECE);
    return;
  }
  if (part.method !== 8) throw new Error(`zip entry ${part.name} uses compression method ${part.method}`);
  // pako, not node:zlib: Node's inflater is either asynchronous (streams) or one-shot (inflateRawSync), and
  // a row generator needs a synchronous one that keeps its state between pieces.
  const inflater = new pako.Inflate({ raw: true, chunkSize: OUTPUT_PIECE });
  const out: Buffer[] = [];
  inflater.onData = (chunk: Uint8Array) => {
    out.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  let produced = 0;
  for (let i = 0; i < data.length || i === 0; i += INPUT_PIECE) {
    const last = i + INPUT_PIECE >= data.length;
    inflater.push(data.subarray(i, i + INPUT_PIECE), last);
    if (inflater.err) throw new Error(`zip entry ${part.name} is damaged (${inflater.msg})`);
    for (const piece of out) {
      produced += piece.length;
      if (produced > part.uncompressedSize) throw new Error(`zip entry ${part.name} inflates beyond its size`);
      yield piece;
    }
    out.length = 0;
    if (last) break;
  }
  if (produced !== part.uncompressedSize) throw new Error(`zip entry ${part.name} inflates to the wrong size`);
}

/** A small part whole, as a "binary" string (one char per byte). */
export function partBinary(bytes: Uint8Array, part: ZipPart): string {
  const pieces: string[] = [];
  for (const piece of partPieces(bytes, part)) pieces.push(piece.toString('latin1'));
  return pieces.join('');
}
