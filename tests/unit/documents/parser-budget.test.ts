/**
 * Parser budgets: PDF decompressed-size limits checked before pdfjs (bombs refused fast, real PDFs pass),
 * and the worker pool's memory and time budgets (bombs and huge images answer parse_failed with the
 * reason, the next file is read, the pool stays bounded).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractText, extractPoolStats, shutdownExtractWorkers } from '@/lib/extract';
import { checkPdfStreams, PDF_STREAM_LIMITS } from '@/lib/extract/pdf-streams';
import { imageSize } from '@/lib/extract/image-size';
import { docxHeapBomb, hugePng, pdfFlateBomb, pdfManyStreams, zlibOfZeros } from '../../fixtures/hostile-files';
import { corpusFiles, readCorpus } from './helpers';
import { pdfOf } from './fixtures';

afterAll(() => shutdownExtractWorkers());

const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;
const DOC = [
  'EU Declaration of Conformity',
  'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
];

describe('PDF decompressed-size limits (checked before pdfjs)', () => {
  it('a 1 MB PDF whose content stream inflates to 1 GiB is refused at the per-stream limit, fast', () => {
    const bomb = pdfFlateBomb();
    expect(bomb.length).toBeLessThan(1.2 * 1024 * 1024);
    const t = performance.now();
    const r = checkPdfStreams(bomb);
    expect(performance.now() - t).toBeLessThan(3000);
    expect(r).toEqual({
      ok: false,
      message: expect.stringMatching(/object 4\) inflates to more than 32 MB.*decompression bomb/),
    });
  });

  it('streams each under the per-stream limit are refused together at the per-document limit', () => {
    const perStream = 24 * 1024 * 1024;
    const count = Math.ceil(PDF_STREAM_LIMITS.maxDocumentBytes / perStream) + 1;
    const objects = Array.from({ length: count }, (_, i) => {
      const data = zlibOfZeros(perStream);
      return Buffer.concat([
        Buffer.from(`${10 + i} 0 obj\n<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
        data,
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    });
    const r = checkPdfStreams(Buffer.concat([Buffer.from('%PDF-1.7\n'), ...objects]));
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/inflate to more than 128 MB in total/) });
  });

  it('every real PDF of the corpus passes the limits; 10,000 tiny streams pass too', () => {
    for (const f of corpusFiles('documents').filter((n) => n.endsWith('.pdf'))) {
      expect(checkPdfStreams(readCorpus('documents', f)).ok, f).toBe(true);
    }
    expect(checkPdfStreams(pdfManyStreams(10_000))).toMatchObject({ ok: true, streams: 10_000 });
  });
});

describe('parsing runs in a worker pool under a memory and time budget', () => {
  it('the PDF flate bomb answers parse_failed with the reason within seconds, and the server memory does not grow', async () => {
    const warm = await extractText({ bytes: await pdfOf([DOC]), filename: 'warm.pdf' });
    expect(warm.status).toBe('ok');
    const before = rssMb();
    const t = performance.now();
    const r = await extractText({ bytes: pdfFlateBomb(), filename: 'bomb.pdf' });
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(r).toMatchObject({
      status: 'failed',
      format: 'pdf',
      issue: { code: 'parse_failed', message: expect.stringMatching(/decompression bomb/) },
    });
    expect(rssMb() - before).toBeLessThan(150);
  });

  it('an image of 30,000 × 30,000 pixels is refused before OCR decodes it', async () => {
    const png = hugePng();
    expect(imageSize('image_png', png)).toEqual({ width: 30_000, height: 30_000 });
    const t = performance.now();
    const r = await extractText({ bytes: png, filename: 'huge.png' });
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(r).toMatchObject({
      status: 'failed',
      format: 'image_png',
      issue: { code: 'parse_failed', message: expect.stringMatching(/30000 × 30000 pixels.*megapixels/) },
    });
  });

  it('a PDF of 10,000 tiny streams is read, in bounded time', async () => {
    const r = await extractText({ bytes: pdfManyStreams(10_000), filename: 'many.pdf', ocr: false });
    expect(r.status).toBe('ok');
    expect(r.text).toContain('w0');
    expect(r.text).toContain('w9999');
  });

  it('a DOCX whose parse needs more heap than the budget: the worker is killed, parse_failed names the memory budget, the next file is read', async () => {
    const r = await extractText({ bytes: await docxHeapBomb(90), filename: 'huge.docx' });
    expect(r).toMatchObject({
      status: 'failed',
      format: 'docx',
      issue: { code: 'parse_failed', message: expect.stringMatching(/memory budget of 256 MB/) },
    });
    const next = await extractText({ bytes: await pdfOf([DOC]), filename: 'next.pdf' });
    expect(next).toMatchObject({ status: 'ok' });
    expect(next.text).toContain('EU Declaration of Conformity');
  }, 180_000);

  it('three bombs at once and a normal PDF beside them: the bombs fail with the reason, the PDF is read, the pool stays bounded', async () => {
    const bombs = [pdfFlateBomb(), pdfFlateBomb(), pdfFlateBomb()].map((bytes, i) =>
      extractText({ bytes, filename: `bomb${i}.pdf` }),
    );
    const normal = extractText({ bytes: await pdfOf([DOC]), filename: 'doc.pdf' });
    expect(extractPoolStats().workers).toBeLessThanOrEqual(2);
    for (const r of await Promise.all(bombs)) expect(r.issue?.code).toBe('parse_failed');
    expect((await normal).text).toContain('sole responsibility of the manufacturer');
    expect(extractPoolStats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('a parse over its time budget is stopped and answers with the reason', async () => {
    const r = await extractText({ bytes: pdfManyStreams(10_000), filename: 'many.pdf', ocr: false, timeoutMs: 1 });
    expect(r.status).toBe('failed');
    expect(r.issue?.message).toMatch(/exceeded 1 ms|time budget/);
    const next = await extractText({ bytes: Buffer.from('plain text after a timeout'), filename: 'a.txt' });
    expect(next.text).toBe('plain text after a timeout');
  });
});
