import pako from 'pako';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { decodeEntryNames } from './zip-entry-names';

/**
 * A zip reader for hostile input, on top of yauzl (central directory first, no trust in local headers).
 * Before anything is inflated it checks the entry count, the declared sizes and whether entries overlap
 * (the trick of non-recursive zip bombs); while inflating it counts the real bytes and stops at the
 * per-entry cap, the shared byte budget or the ratio limit, so memory stays bounded whatever the
 * archive declares. The one module that opens zips: containers, office files and workbooks all read
 * through it, asynchronously within the caps or, for a row generator, synchronously piece by piece.
 */

export interface ZipReadLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxRatio: number;
  ratioGraceBytes: number;
}

export interface ZipEntryInfo {
  index: number;
  /** Decoded name as stored (untrusted: sanitise before display, never use as a path). */
  name: string;
  isDirectory: boolean;
  encryption: 'none' | 'zipcrypto' | 'aes' | 'strong';
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Set when the central directory or local header of this entry is inconsistent. */
  corruption?: string;
}

export type ZipOpenFailure = {
  ok: false;
  reason: 'not_zip' | 'corrupt' | 'encrypted' | 'too_many_entries' | 'zip_bomb' | 'multi_disk';
  message: string;
  /** The zip library's own words when its error is the reason; `opened`: its end record was read. */
  cause?: { text: string; opened: boolean };
  /** With too_many_entries: how many entries the archive lists. */
  entryCount?: number;
};

export interface ZipArchive {
  ok: true;
  entries: ZipEntryInfo[];
  /** Code page used for names without the UTF-8 flag, when any. */
  legacyNameEncoding?: string;
  /** Describes a repair applied to read the archive (e.g. a wrong central-directory offset). */
  repaired?: string;
  /**
   * Inflates one entry within the caps; `budget.bytesLeft` is decremented by what was produced. With
   * `discard`, the bytes are only counted (a size check that keeps no memory); the result holds only the
   * first `keepHead` bytes, if asked for. `onChunk` sees each inflated piece once it is within the caps;
   * returning false ends the read there (the result is then ok, with what was kept so far).
   */
  read(entry: ZipEntryInfo, budget: { bytesLeft: number }, options?: ZipReadOptions): Promise<ZipReadResult>;
  /**
   * The entry's inflated bytes in pieces, computed on demand from the data offset found when opening;
   * throws on damage or when the bytes outgrow the declared size. Synchronous so a row generator (a plain
   * Generator, consumed without awaits) can pull a part through it; in pieces so no part is held inflated
   * as a whole. It reads the bytes in memory, not through yauzl, so it still works after close().
   */
  pieces(entry: ZipEntryInfo): Generator<Buffer, void, void>;
  close(): void;
}

export interface ZipReadOptions {
  discard?: boolean;
  keepHead?: number;
  onChunk?: (chunk: Buffer) => boolean | void;
}

export type ZipReadResult =
  | { ok: true; bytes: Buffer }
  | {
      ok: false;
      reason: 'encrypted' | 'unsupported_method' | 'too_large' | 'ratio' | 'budget' | 'corrupt';
      message: string;
      /** The zip library's (or zlib's) own words when its error is the reason. */
      cause?: string;
    };

/** Compressed bytes fed to the synchronous inflater per step, and the size of the pieces that come out. */
const INPUT_PIECE = 16 * 1024;
const OUTPUT_PIECE = 64 * 1024;

const SIG_EOCD = 0x06054b50;

/**
 * yauzl's objection to a '/'-separated entry name as a path (absolute, or climbing out with '..'), in its
 * own words, or null. openZip does not decode names through yauzl, so callers that refuse such names ask.
 */
export function entryPathProblem(name: string): string | null {
  return yauzl.validateFileName(name);
}

function openYauzl(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (err, zf) => (err || !zf ? reject(err ?? new Error('cannot open zip')) : resolve(zf)),
    );
  });
}

/** yauzl stops at the count the end record declares, which openZip has checked against the limit. */
function readAllEntries(zf: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zf.on('entry', (e: Entry) => {
      entries.push(e);
      zf.readEntry();
    });
    zf.on('end', () => resolve(entries));
    zf.on('error', reject);
    zf.readEntry();
  });
}

/**
 * Some writers store a central-directory offset that ignores data descriptors they wrote (the corpus
 * sample is 32 bytes off). Info-ZIP compensates; we do the same, once, when the record right before the
 * end-of-central-directory is a central directory at the corrected offset.
 */
function repairCentralDirectoryOffset(buffer: Buffer): Buffer | null {
  const searchFrom = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= searchFrom; i--) {
    if (buffer.readUInt32LE(i) !== SIG_EOCD) continue;
    const cdSize = buffer.readUInt32LE(i + 12);
    const cdOffset = buffer.readUInt32LE(i + 16);
    const actual = i - cdSize;
    if (actual < 0 || actual === cdOffset || cdOffset === 0xffffffff) return null;
    if (buffer.readUInt32LE(actual) !== 0x02014b50) return null;
    const copy = Buffer.from(buffer);
    copy.writeUInt32LE(actual, i + 16);
    return copy;
  }
  return null;
}

const RELOCATE_WINDOW = 64 * 1024;
const LOCAL_SIG_BYTES = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Finds the local header of `e` within a bounded window after its declared offset (by name match). */
function relocateLocalHeader(buffer: Buffer, e: Entry): number | null {
  const name = e.fileName as unknown as Buffer;
  const from = e.relativeOffsetOfLocalHeader;
  if (from >= buffer.length) return null;
  const limit = Math.min(buffer.length - 30, from + RELOCATE_WINDOW);
  for (
    let pos = buffer.indexOf(LOCAL_SIG_BYTES, from);
    pos !== -1 && pos <= limit;
    pos = buffer.indexOf(LOCAL_SIG_BYTES, pos + 1)
  ) {
    const nameLength = buffer.readUInt16LE(pos + 26);
    if (nameLength === name.length && buffer.subarray(pos + 30, pos + 30 + nameLength).equals(name)) return pos;
  }
  return null;
}

function classifyOpenError(err: unknown, opened: boolean): ZipOpenFailure {
  const text = errorText(err);
  const cause = { text, opened };
  if (/end of central directory record signature not found/i.test(text)) {
    return {
      ok: false,
      reason: 'not_zip',
      message: 'No zip end-of-central-directory record: not a zip file, or truncated.',
      cause,
    };
  }
  if (/multi-disk/i.test(text)) {
    return {
      ok: false,
      reason: 'multi_disk',
      message: 'Segment of a split (multi-disk) archive; the other segments are missing.',
      cause,
    };
  }
  if (/strong encryption/i.test(text)) {
    return {
      ok: false,
      reason: 'encrypted',
      message: 'The archive uses PKWARE strong encryption; its entries cannot be read.',
      cause,
    };
  }
  return { ok: false, reason: 'corrupt', message: `Corrupt zip: ${text}`, cause };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function encryptionOf(e: Entry): ZipEntryInfo['encryption'] {
  if (e.generalPurposeBitFlag & 0x40) return 'strong';
  if (e.compressionMethod === 99 || e.extraFields.some((f) => f.id === 0x9901)) return 'aes';
  if (e.generalPurposeBitFlag & 0x1) return 'zipcrypto';
  return 'none';
}

function localHeaderDataStart(zf: ZipFile, e: Entry): Promise<number> {
  return new Promise((resolve, reject) => {
    zf.readLocalFileHeader(e, { minimal: true }, (err, h) => (err ? reject(err) : resolve(h.fileDataStart)));
  });
}

/**
 * Opens the archive and checks it before anything is inflated. With `repair: false` an archive that
 * needs a repair (a wrong central-directory or local-header offset) fails as yauzl found it, for a caller
 * whose next reader (SheetJS) does not repair and so would not read what was checked here.
 */
export async function openZip(
  bytes: Uint8Array,
  limits: ZipReadLimits,
  { repair = true }: { repair?: boolean } = {},
): Promise<ZipArchive | ZipOpenFailure> {
  let buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let repaired: string | undefined;
  let zf: ZipFile | undefined;
  let raw: Entry[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      zf = await openYauzl(buffer);
      if (zf.entryCount > limits.maxEntries) {
        zf.close();
        return {
          ok: false,
          reason: 'too_many_entries',
          message: `The archive lists ${zf.entryCount} entries; at most ${limits.maxEntries} are accepted.`,
          entryCount: zf.entryCount,
        };
      }
      raw = await readAllEntries(zf);
      break;
    } catch (err) {
      const opened = zf !== undefined;
      zf?.close();
      zf = undefined;
      const fixed =
        attempt === 0 && repair && /central directory file header signature/i.test(errorText(err))
          ? repairCentralDirectoryOffset(buffer)
          : null;
      if (!fixed) return classifyOpenError(err, opened);
      buffer = fixed;
      repaired = 'central directory offset corrected (data descriptors not counted by the writer)';
    }
  }
  const zip = zf!;

  const { names, legacyEncoding } = decodeEntryNames(
    raw.map((e) => ({
      raw: e.fileName as unknown as Buffer,
      utf8Flag: (e.generalPurposeBitFlag & 0x800) !== 0,
      extraFields: e.extraFields,
    })),
  );

  const entries: ZipEntryInfo[] = raw.map((e, index) => ({
    index,
    name: names[index],
    isDirectory: /[\\/]$/.test(names[index]) && e.uncompressedSize === 0,
    encryption: encryptionOf(e),
    method: e.compressionMethod,
    compressedSize: e.compressedSize,
    uncompressedSize: e.uncompressedSize,
  }));

  // Overlap check: every entry's data must end before the next local header starts. Overlapping
  // entries are how a 42 KB file declares 5.4 GB; no legitimate writer produces them. The data offsets
  // found on the way are kept for pieces().
  const dataStarts: number[] = [];
  const spans: { start: number; end: number; index: number }[] = [];
  for (let i = 0; i < raw.length; i++) {
    const e = raw[i];
    if (entries[i].isDirectory && e.compressedSize === 0) continue;
    try {
      let dataStart: number;
      try {
        dataStart = await localHeaderDataStart(zip, e);
      } catch (err) {
        // The same writers that miscount the central-directory offset miscount local-header offsets:
        // look a little further for the local header carrying this entry's name.
        const found = repair ? relocateLocalHeader(buffer, e) : null;
        if (found === null) throw err;
        e.relativeOffsetOfLocalHeader = found;
        dataStart = await localHeaderDataStart(zip, e);
        repaired ??= 'local header offsets corrected (data descriptors not counted by the writer)';
      }
      dataStarts[i] = dataStart;
      spans.push({ start: e.relativeOffsetOfLocalHeader, end: dataStart + e.compressedSize, index: i });
    } catch (err) {
      entries[i].corruption = errorText(err);
    }
  }
  spans.sort((a, b) => a.start - b.start);
  let overlaps = 0;
  for (let i = 1; i < spans.length; i++) if (spans[i].start < spans[i - 1].end) overlaps++;
  if (overlaps > 0) {
    zip.close();
    const declared = raw.reduce((s, e) => s + e.uncompressedSize, 0);
    return {
      ok: false,
      reason: 'zip_bomb',
      message: `Refused unread: ${overlaps} of ${raw.length} entries overlap each other (zip bomb construction; declares ${declared.toLocaleString('en')} bytes from ${buffer.length.toLocaleString('en')}).`,
    };
  }

  /** Why an entry cannot be inflated at all, or null. */
  const unreadable = (entry: ZipEntryInfo): Extract<ZipReadResult, { ok: false }> | null => {
    if (entry.encryption !== 'none') {
      return {
        ok: false,
        reason: 'encrypted',
        message: `Entry is encrypted (${entry.encryption === 'aes' ? 'WinZip AES' : entry.encryption === 'strong' ? 'PKWARE strong encryption' : 'ZipCrypto'}); no password is available.`,
      };
    }
    if (entry.corruption)
      return { ok: false, reason: 'corrupt', message: `Corrupt entry: ${entry.corruption}`, cause: entry.corruption };
    if (entry.method !== 0 && entry.method !== 8) {
      const names: Record<number, string> = {
        9: 'Deflate64',
        12: 'bzip2',
        14: 'LZMA',
        93: 'Zstandard',
        95: 'XZ',
        98: 'PPMd',
      };
      return {
        ok: false,
        reason: 'unsupported_method',
        message: `Compression method ${entry.method}${names[entry.method] ? ` (${names[entry.method]})` : ''} is not supported.`,
      };
    }
    return null;
  };

  const read = async (
    entry: ZipEntryInfo,
    budget: { bytesLeft: number },
    options: ZipReadOptions = {},
  ): Promise<ZipReadResult> => {
    const e = raw[entry.index];
    const refusal = unreadable(entry);
    if (refusal) return refusal;
    if (e.uncompressedSize > limits.maxEntryBytes) {
      return {
        ok: false,
        reason: 'too_large',
        message: `Entry declares ${e.uncompressedSize.toLocaleString('en')} bytes; the limit is ${limits.maxEntryBytes.toLocaleString('en')}.`,
      };
    }
    if (e.uncompressedSize > budget.bytesLeft) {
      return { ok: false, reason: 'budget', message: 'The total uncompressed size budget of this upload is used up.' };
    }
    const cap = Math.min(limits.maxEntryBytes, budget.bytesLeft);
    return new Promise<ZipReadResult>((resolve) => {
      zip.openReadStream(e, (err, stream) => {
        if (err || !stream) {
          const cause = err?.message ?? 'no stream';
          resolve({ ok: false, reason: 'corrupt', message: `Cannot read entry: ${cause}`, cause });
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        let done = false;
        const finish = (r: ZipReadResult, stop = !r.ok) => {
          if (done) return;
          done = true;
          if (stop) (stream as unknown as { destroy(): void }).destroy();
          resolve(r);
        };
        const result = (): ZipReadResult => ({
          ok: true,
          bytes: options.discard ? Buffer.concat(chunks) : Buffer.concat(chunks, total),
        });
        stream.on('data', (chunk: Buffer) => {
          if (done) return;
          total += chunk.length;
          budget.bytesLeft -= chunk.length;
          if (total > cap) {
            finish({
              ok: false,
              reason: total > limits.maxEntryBytes ? 'too_large' : 'budget',
              message: `Stopped while inflating at ${total.toLocaleString('en')} bytes (cap ${cap.toLocaleString('en')}).`,
            });
            return;
          }
          if (total > limits.ratioGraceBytes && total > Math.max(1, e.compressedSize) * limits.maxRatio) {
            finish({
              ok: false,
              reason: 'ratio',
              message: `Stopped while inflating: compression ratio above ${limits.maxRatio}:1.`,
            });
            return;
          }
          if (!options.discard) chunks.push(chunk);
          else if (options.keepHead && total - chunk.length < options.keepHead)
            chunks.push(chunk.subarray(0, options.keepHead - (total - chunk.length)));
          // A callback that throws ends this read as corrupt: thrown inside a stream's data event, it
          // would be an uncaught exception.
          let more: boolean | void;
          try {
            more = options.onChunk?.(chunk);
          } catch (e3) {
            const cause = e3 instanceof Error ? e3.message : String(e3);
            finish({ ok: false, reason: 'corrupt', message: `Cannot read entry: ${cause}`, cause });
            return;
          }
          if (more === false) finish(result(), true);
        });
        stream.on('error', (e2: Error) =>
          finish({ ok: false, reason: 'corrupt', message: `Corrupt data: ${e2.message}`, cause: e2.message }),
        );
        stream.on('end', () => finish(result()));
      });
    });
  };

  function* pieces(entry: ZipEntryInfo): Generator<Buffer, void, void> {
    const refusal = unreadable(entry);
    if (refusal) throw new Error(refusal.message);
    const start = dataStarts[entry.index];
    // Only an empty directory has no data offset; every other offset was checked by yauzl to leave the
    // entry's data inside the file (or the entry carries its corruption).
    if (start === undefined) return;
    const data = buffer.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) {
      // Stored: yauzl refused a stored entry of two sizes when listing (validateEntrySizes).
      for (let i = 0; i < data.length; i += OUTPUT_PIECE) yield data.subarray(i, i + OUTPUT_PIECE);
      return;
    }
    // pako, not node:zlib: Node's inflater is either asynchronous (streams) or one-shot (inflateRawSync),
    // and a row generator needs a synchronous one that keeps its state between pieces.
    const inflater = new pako.Inflate({ raw: true, chunkSize: OUTPUT_PIECE });
    const out: Buffer[] = [];
    inflater.onData = (chunk: Uint8Array) => {
      out.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    let produced = 0;
    for (let i = 0; i < data.length || i === 0; i += INPUT_PIECE) {
      const last = i + INPUT_PIECE >= data.length;
      inflater.push(data.subarray(i, i + INPUT_PIECE), last);
      if (inflater.err) throw new Error(`Corrupt data: ${inflater.msg}`);
      for (const piece of out) {
        produced += piece.length;
        if (produced > entry.uncompressedSize) throw new Error('Corrupt data: inflates beyond its declared size');
        yield piece;
      }
      out.length = 0;
      if (last) break;
    }
    if (produced !== entry.uncompressedSize) throw new Error('Corrupt data: inflates to another size than declared');
  }

  return { ok: true, entries, legacyNameEncoding: legacyEncoding, repaired, read, pieces, close: () => zip.close() };
}
