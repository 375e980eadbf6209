/**
 * Sniffing: magic bytes at offset 0 win over a header found further in (a stored ZIP of PDFs is a zip; a PDF with
 * leading junk is a PDF).
 */
import { describe, expect, it } from 'vitest';
import { sniffFormat } from '@/lib/extract';
import { classifyContainer } from '@/lib/containers';
import { isContainerUpload } from '@/lib/documents/analyse';
import { zipOf } from './fixtures';
import { corpusFiles, expectContainerShape, readCorpus } from './helpers';

/**
 * Archivers store already-compressed files (PDFs) without compression (method 0), so the first entry's
 * "%PDF-" header lies within the archive's first kilobyte. The ZIP magic at offset 0 must win.
 */
const PDFS = corpusFiles('documents').filter((f) => f.endsWith('.pdf'));

async function storedZipOfCorpusPdfs() {
  return zipOf(
    PDFS.map((f) => [`supplier/${f}`, readCorpus('documents', f)] as [string, Uint8Array]),
    { compress: false },
  );
}

describe('sniffing: magic bytes at offset 0 win over a header found further in', () => {
  it('a ZIP of real PDFs stored without compression is a zip, not a pdf', async () => {
    expect(PDFS.length).toBeGreaterThanOrEqual(5);
    const stored = await storedZipOfCorpusPdfs();
    // The premise of the bug: the first PDF's header is inside the first kilobyte, the zip magic at 0.
    expect(Buffer.from(stored.subarray(0, 1024)).toString('latin1')).toContain('%PDF-');
    expect([...stored.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(sniffFormat(stored, 'bundle.zip').format).toBe('zip');
    expect(sniffFormat(stored, 'bundle.pdf').format).toBe('zip');
    expect(isContainerUpload(stored, 'bundle.zip')).toBe(true);
  });

  it('a PDF with junk before its header (within 1 KB) is still a PDF; one with the header at 0 too', () => {
    const pdf = readCorpus('documents', 'pdf-text-layer-firefox-quartz.pdf');
    expect(sniffFormat(pdf, 'x.pdf').format).toBe('pdf');
    const junk = Buffer.concat([Buffer.from('X-Mailer-Junk: 1\r\n'.repeat(20)), pdf]);
    expect(junk.indexOf('%PDF-')).toBeGreaterThan(300);
    expect(sniffFormat(junk, 'x.pdf').format).toBe('pdf');
  });

  it('other fixed-offset formats that carry a stored PDF within their first kilobyte keep their type', async () => {
    const pdf = readCorpus('documents', 'pdf-text-layer-firefox-quartz.pdf');
    // A tar holding a PDF: 512-byte header with "ustar" at 257, the PDF's header at 512.
    const header = Buffer.alloc(512);
    header.write('doc.pdf', 0, 'latin1');
    header.write('ustar\u000000', 257, 'latin1');
    expect(sniffFormat(Buffer.concat([header, pdf]), 'docs.tar').format).toBe('tar');
  });

  it('classifyContainer unpacks and classifies every PDF of the stored ZIP, like the deflated one', async () => {
    const stored = expectContainerShape(
      await classifyContainer({ bytes: await storedZipOfCorpusPdfs(), filename: 'supplier-docs.zip' }),
    );
    const deflated = expectContainerShape(
      await classifyContainer({
        bytes: await zipOf(PDFS.map((f) => [`supplier/${f}`, readCorpus('documents', f)] as [string, Uint8Array])),
        filename: 'supplier-docs.zip',
      }),
    );
    expect(stored.skipped.filter((s) => s.path_in_container === 'supplier-docs.zip')).toEqual([]);
    expect(stored.parts.length + stored.skipped.length).toBe(PDFS.length);
    expect(stored.parts.map((p) => p.path_in_container).sort()).toEqual(
      deflated.parts.map((p) => p.path_in_container).sort(),
    );
    for (const p of stored.parts) expect(p.mime_type).toBe('application/pdf');
    const byPath = new Map(deflated.parts.map((p) => [p.path_in_container, p.classification.document_type]));
    for (const p of stored.parts)
      expect(p.classification.document_type, p.path_in_container).toBe(byPath.get(p.path_in_container));
  });
});
