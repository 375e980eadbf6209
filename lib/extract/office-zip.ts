import { openZip, type ZipArchive } from './zip-reader';
import type { ExtractionIssue } from './types';
import { EXTRACT_LIMITS } from './types';

/**
 * Office Open XML and OpenDocument files are zips. mammoth and SheetJS inflate them with jszip without
 * any size limit, so before handing a file to them we walk the archive with the bounded reader: entry
 * count, overlapping entries, encryption and the REAL inflated size of every part (counted while
 * inflating, nothing kept). A file that passes cannot expand beyond the caps inside those libraries.
 */

const LIMITS = {
  maxEntries: 5000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 2000,
  ratioGraceBytes: 4 * 1024 * 1024,
};

export async function preflightOfficeZip(
  bytes: Uint8Array,
): Promise<{ ok: true; zip: ZipArchive } | { ok: false; issue: ExtractionIssue }> {
  const zip = await openZip(bytes, LIMITS);
  if (!zip.ok) {
    const code = zip.reason === 'encrypted' ? 'encrypted' : 'parse_failed';
    return { ok: false, issue: { code, message: zip.message } };
  }
  const budget = { bytesLeft: EXTRACT_LIMITS.maxOfficeUncompressedBytes };
  for (const entry of zip.entries) {
    if (entry.isDirectory) continue;
    const r = await zip.read(entry, budget, { discard: true, keepHead: 2048 });
    if (r.ok && /\.(xml|rels|vml)$/i.test(entry.name) && /<!(DOCTYPE|ENTITY)/i.test(r.bytes.toString('latin1'))) {
      // OOXML and ODF forbid DTDs; one in a part is an entity-expansion ("billion laughs") attempt.
      zip.close();
      return {
        ok: false,
        issue: {
          code: 'parse_failed',
          message: `Part ${JSON.stringify(entry.name.slice(0, 80))} declares a DTD, which Office files never do; refused (entity expansion).`,
        },
      };
    }
    if (!r.ok) {
      zip.close();
      if (r.reason === 'encrypted')
        return {
          ok: false,
          issue: { code: 'encrypted', message: `Part ${JSON.stringify(entry.name.slice(0, 80))} is encrypted.` },
        };
      return {
        ok: false,
        issue: { code: 'parse_failed', message: `Part ${JSON.stringify(entry.name.slice(0, 80))}: ${r.message}` },
      };
    }
  }
  return { ok: true, zip };
}

/** Reads one named part (already size-checked by the preflight). */
export async function readPart(zip: ZipArchive, name: string): Promise<Buffer | null> {
  const entry = zip.entries.find((e) => e.name === name);
  if (!entry) return null;
  const r = await zip.read(entry, { bytesLeft: LIMITS.maxEntryBytes });
  return r.ok ? r.bytes : null;
}
