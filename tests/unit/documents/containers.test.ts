/**
 * Container classification: nesting down to depth 3 (then recursion_limit_exceeded), e-mails with
 * archives, hostile archives (entry caps, lying sizes, ratio and total budgets, item budget) bounded in
 * memory, Office files treated as documents, and the file list the bulk upload uses.
 */
import { describe, expect, it } from 'vitest';
import { classifyContainer, listContainerFiles } from '@/lib/containers';
import { openZip } from '@/lib/extract/zip-reader';
import { sanitiseEntryName, decodeEntryNames } from '@/lib/extract/zip-entry-names';
import iconv from 'iconv-lite';
import { randomBytes } from 'node:crypto';
import { docxOf, emlOf, pdfOf, zipOf } from './fixtures';
import { expectContainerShape, itemsByPath } from './helpers';

const DOC_TEXT = [
  'EU Declaration of Conformity',
  'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
  'Object of the declaration: wooden toy',
];

/** zip(zip(zip(...(file)))) with `levels` archives around the file. */
async function nested(levels: number, file: [string, string | Uint8Array]): Promise<Buffer> {
  let inner: [string, string | Uint8Array] = file;
  for (let i = levels; i >= 1; i--) inner = [`level${i}.zip`, await zipOf([inner])];
  return Buffer.from(inner[1]);
}

describe('classifyContainer: nesting', () => {
  it('opens containers down to depth 3 and reports the next one as recursion_limit_exceeded', async () => {
    const bytes = await nested(5, ['deep.txt', 'Gebrauchsanleitung']); // level1 is the upload
    const r = expectContainerShape(await classifyContainer({ bytes, filename: 'level1.zip' }));
    expect(r.recursion_limit).toBe(3);
    expect(r.parts).toHaveLength(0);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0]).toMatchObject({
      reason: 'recursion_limit_exceeded',
      recursion_depth: 3,
      path_in_container: 'level2.zip/level3.zip/level4.zip/level5.zip',
      source_container: 'level1.zip/level2.zip/level3.zip/level4.zip',
    });
    expect(r.skipped[0].diagnostic.diagnostic?.code).toBe('text_extraction_failed_filename_only');
  });

  it('a file at depth 3 is still classified', async () => {
    const bytes = await nested(4, ['doc.txt', DOC_TEXT.join('\n')]);
    const r = expectContainerShape(await classifyContainer({ bytes, filename: 'level1.zip' }));
    expect(r.parts).toHaveLength(1);
    expect(r.parts[0]).toMatchObject({
      recursion_depth: 3,
      path_in_container: 'level2.zip/level3.zip/level4.zip/doc.txt',
      mime_type: 'text/plain',
    });
    expect(r.parts[0].classification.document_type).toBe('declaration_of_conformity');
  });

  it('e-mail with a zip with a PDF, a DOCX and a nested e-mail', async () => {
    const pdf = await pdfOf([DOC_TEXT]);
    const docx = await docxOf([
      'Gebrauchsanleitung',
      'Bitte lesen Sie diese Anleitung sorgfältig durch.',
      'Sicherheitshinweise',
    ]);
    const forwarded = await emlOf({
      subject: 'Prüfbericht',
      text: 'Prüfbericht anbei',
      attachments: [{ filename: 'report.txt', content: "Rapport d'essai n° 12\nRésultats des essais : conforme" }],
    });
    const bundle = await zipOf([
      ['docs/DoC.pdf', pdf],
      ['docs/manual.docx', docx],
      ['docs/fwd.eml', forwarded],
    ]);
    const eml = await emlOf({
      subject: 'Documents for model X',
      text: 'Please find the documents attached.',
      attachments: [{ filename: 'bundle.zip', content: bundle }],
    });
    const r = expectContainerShape(await classifyContainer({ bytes: eml, filename: 'mail.eml', locale: 'fr' }));
    const { parts } = itemsByPath(r);
    expect(parts.get('message-body.txt')?.classification.snippetSource).toBe('email_text');
    expect(parts.get('bundle.zip/docs/DoC.pdf')).toMatchObject({
      recursion_depth: 1,
      mime_type: 'application/pdf',
      source_container: 'mail.eml/bundle.zip',
    });
    expect(parts.get('bundle.zip/docs/DoC.pdf')?.classification).toMatchObject({
      document_type: 'declaration_of_conformity',
      snippetSource: 'pdf_first_page',
    });
    expect(parts.get('bundle.zip/docs/DoC.pdf')?.classification.reasoning).toMatch(/^Classé comme/);
    expect(parts.get('bundle.zip/docs/manual.docx')?.classification).toMatchObject({
      document_type: 'manual',
      snippetSource: 'docx_text',
    });
    expect(parts.get('bundle.zip/docs/fwd.eml/report.txt')).toMatchObject({ recursion_depth: 2 });
    expect(parts.get('bundle.zip/docs/fwd.eml/report.txt')?.classification.document_type).toBe('test_report');
  });
});

describe('classifyContainer: hostile archives', () => {
  it('a 1,000-entry zip is read in full', async () => {
    const files: [string, string][] = Array.from({ length: 1000 }, (_, i) => [`f/${i}.txt`, `Document ${i}`]);
    const started = performance.now();
    const r = await classifyContainer({ bytes: await zipOf(files), filename: 'many.zip' });
    expect(r.parts).toHaveLength(1000);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('more entries than the cap: refused unread', async () => {
    const files: [string, string][] = Array.from({ length: 30 }, (_, i) => [`${i}.txt`, 'x']);
    const r = await classifyContainer({
      bytes: await zipOf(files),
      filename: 'many.zip',
      limits: { maxEntriesPerArchive: 20 },
    });
    expect(r.parts).toHaveLength(0);
    expect(r.skipped).toMatchObject([{ reason: 'parse_failed' }]);
    expect(r.skipped[0].message).toMatch(/30 entries/);
  });

  it('a size that lies is caught while inflating, with bounded memory', async () => {
    const bytes = await zipOf([['zeros.txt', new Uint8Array(30 * 1024 * 1024)]]);
    // Declare 1,000 bytes in both headers: nothing before inflating can tell it holds 30 MB.
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(1000, central + 24);
    bytes.writeUInt32LE(1000, 22);
    const before = process.memoryUsage().rss;
    const r = await classifyContainer({ bytes, filename: 'liar.zip' });
    expect(r.skipped).toMatchObject([{ reason: 'parse_failed', path_in_container: 'zeros.txt' }]);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('the ratio limit stops a highly compressed entry while inflating', async () => {
    const zip = await openZip(await zipOf([['zeros.bin', new Uint8Array(8 * 1024 * 1024)]]), {
      maxEntries: 10,
      maxEntryBytes: 20e6,
      maxRatio: 100,
      ratioGraceBytes: 1024 * 1024,
    });
    if (!zip.ok) throw new Error(zip.message);
    const budget = { bytesLeft: 100e6 };
    const read = await zip.read(zip.entries[0], budget);
    expect(read).toMatchObject({ ok: false, reason: 'ratio' });
    expect(100e6 - budget.bytesLeft).toBeLessThan(2 * 1024 * 1024); // stopped soon after the grace size
  });

  it('a chunk reader that throws ends the read as corrupt, not as an uncaught exception', async () => {
    const zip = await openZip(await zipOf([['a.txt', 'hello '.repeat(1000)]]), {
      maxEntries: 10,
      maxEntryBytes: 1e6,
      maxRatio: 1000,
      ratioGraceBytes: 1e6,
    });
    if (!zip.ok) throw new Error(zip.message);
    const read = await zip.read(
      zip.entries[0],
      { bytesLeft: 1e6 },
      {
        discard: true,
        onChunk: () => {
          throw new Error('scanner broke');
        },
      },
    );
    expect(read).toMatchObject({ ok: false, reason: 'corrupt', message: 'Cannot read entry: scanner broke' });
    zip.close();
  });

  it('the total uncompressed budget is shared by all entries', async () => {
    const chunk = new Uint8Array(randomBytes(4 * 1024 * 1024)); // incompressible: only the total budget applies
    const bytes = await zipOf([
      ['a.txt', chunk],
      ['b.txt', chunk],
      ['c.txt', chunk],
    ]);
    const r = await listContainerFiles({ bytes, filename: 'big.zip', limits: { maxTotalBytes: 9 * 1024 * 1024 } });
    expect(r.files.map((f) => f.path)).toEqual(['a.txt', 'b.txt']);
    expect(r.skipped).toMatchObject([{ path: 'c.txt', reason: 'parse_failed' }]);
  });

  it('the item budget stops the walk with one explanation', async () => {
    const files: [string, string][] = Array.from({ length: 12 }, (_, i) => [`${i}.txt`, 'x']);
    const r = await classifyContainer({ bytes: await zipOf(files), filename: 'z.zip', limits: { maxItems: 5 } });
    expect(r.parts).toHaveLength(5);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0].message).toMatch(/more than 5 files/);
  });

  it('an Office document inside a zip is a document, not a nested container', async () => {
    const r = await classifyContainer({
      bytes: await zipOf([['manual.docx', await docxOf(['User manual', 'Read these instructions carefully'])]]),
      filename: 'z.zip',
    });
    expect(r.parts[0]).toMatchObject({ recursion_depth: 0, filename: 'manual.docx' });
    expect(r.parts[0].classification.document_type).toBe('manual');
  });

  it('a top-level file that is not a container is reported, not classified', async () => {
    const r = await classifyContainer({ bytes: await pdfOf([['x']]), filename: 'doc.pdf' });
    expect(r.skipped).toMatchObject([{ reason: 'unsupported_format' }]);
  });
});

describe('listContainerFiles (bulk upload)', () => {
  it('returns the files with safe paths; message bodies and refused entries are not files', async () => {
    const zip = await zipOf([
      ['a/doc.txt', 'hello'],
      ['b.pdf', await pdfOf([['text']])],
    ]);
    const eml = await emlOf({
      subject: 'x',
      text: 'body',
      attachments: [
        { filename: 'docs.zip', content: zip },
        { filename: 'note.txt', content: 'note' },
      ],
    });
    const r = await listContainerFiles({ bytes: eml, filename: 'mail.eml' });
    expect(r.files.map((f) => [f.path, f.filename, f.mimeType, f.recursionDepth])).toEqual([
      ['docs.zip/a/doc.txt', 'doc.txt', 'text/plain', 1],
      ['docs.zip/b.pdf', 'b.pdf', 'application/pdf', 1],
      ['note.txt', 'note.txt', 'text/plain', 0],
    ]);
    expect(new TextDecoder().decode(r.files[0].bytes)).toBe('hello');
  });
});

describe('entry names', () => {
  it.each([
    ['../../etc/passwd', 'etc/passwd', ['traversal']],
    ['..\\..\\Windows\\evil.dll', 'Windows/evil.dll', ['backslash', 'traversal']],
    ['/abs/file.txt', 'abs/file.txt', ['absolute']],
    ['C:/xt', 'xt', ['absolute', 'drive_letter']],
    ['ok/./name.pdf', 'ok/name.pdf', []],
    ['bad\u0000name\u202e.pdf', 'badname.pdf', ['control_chars']],
  ])('%j', (raw, display, problems) => {
    const s = sanitiseEntryName(raw);
    expect(s.display).toBe(display);
    expect([...s.problems].sort()).toEqual([...problems].sort());
  });
  it('decodes legacy code pages per archive', () => {
    const gbk = iconv.encode('审计文档.doc', 'gbk');
    const sjis = iconv.encode('文章1.txt', 'shift_jis');
    const cp437 = iconv.encode('Prüfbericht.pdf', 'cp437');
    expect(decodeEntryNames([{ raw: gbk, utf8Flag: false }]).names).toEqual(['审计文档.doc']);
    expect(decodeEntryNames([{ raw: sjis, utf8Flag: false }]).names).toEqual(['文章1.txt']);
    expect(decodeEntryNames([{ raw: cp437, utf8Flag: false }]).names).toEqual(['Prüfbericht.pdf']);
    expect(decodeEntryNames([{ raw: Buffer.from('Mistä.txt'), utf8Flag: false }]).names).toEqual(['Mistä.txt']);
  });
});
