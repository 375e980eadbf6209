/**
 * Hostile files through the routes: a PDF flate bomb and a 30,000² px PNG are answered within bounds with
 * the reason (classify 200 degraded, bulk upload stores them with the reason, inside a ZIP parse_failed),
 * and their extraction jobs end.
 */
import yazl from 'yazl';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as classifyRoute from '@/app/api/classify/route';
import * as containersRoute from '@/app/api/classify/containers/route';
import { getDb } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { call, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { hugePng, pdfFlateBomb } from '../../fixtures/hostile-files';
import { declarationPdf, form, settleJobs, upload } from './helpers';

useTestDatabase();

const zipOf = (files: [string, Uint8Array][]): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of files) z.addBuffer(Buffer.from(content), name, { compress: false });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });

describe('hostile files through the routes: bounded, answered with the reason', () => {
  it('POST /api/classify: the 1 MB -> 1 GiB PDF flate bomb answers 200, degraded, with the reason, within 10 s; a 30,000² px PNG too', async () => {
    const u = await makeUser();
    // Warm the extraction pool so the timing is about the file.
    await call(classifyRoute, 'POST', '/api/classify', {
      cookie: u.cookie,
      rawBody: form([['doc.pdf', await declarationPdf()]], {}, 'file'),
    });
    for (const [name, bytes, reason] of [
      ['bomb.pdf', pdfFlateBomb(), /decompression bomb/],
      ['huge.png', hugePng(), /30000 × 30000 pixels/],
    ] as const) {
      const t = performance.now();
      const res = await call(classifyRoute, 'POST', '/api/classify', {
        cookie: u.cookie,
        rawBody: form([[name, bytes]], {}, 'file'),
      });
      expect(performance.now() - t, name).toBeLessThan(10_000);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        degraded: true,
        snippetSource: 'filename_only',
        diagnostic: { code: 'text_extraction_failed_filename_only', next_action: 'reselect_file' },
      });
      expect(res.body.diagnostic.message).toMatch(reason);
    }
  });

  it('bulk upload stores the bomb with the reason, its extraction job ends (not processing); inside a ZIP it is skipped as parse_failed with the reason', async () => {
    const u = await makeUser();
    const bomb = pdfFlateBomb();
    const res = await upload(u, [['bomb.pdf', bomb]]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      status: 'uploaded',
      message: expect.stringMatching(/Stored without readable text: .*decompression bomb/),
    });
    await settleJobs(u.workspaceId);
    const db = await getDb();
    const [doc] = await db.select().from(documents).where(eq(documents.id, res.body.results[0].document_id));
    expect(doc.status).not.toBe('processing');

    const zip = await zipOf([['supplier/declaration.pdf', bomb]]);
    const c = await call(containersRoute, 'POST', '/api/classify/containers', {
      cookie: u.cookie,
      rawBody: form([['bundle.zip', zip]], {}, 'file'),
    });
    expect(c.status, c.text).toBe(200);
    expect(c.body.parts).toHaveLength(0);
    expect(c.body.skipped).toHaveLength(1);
    expect(c.body.skipped[0]).toMatchObject({
      path_in_container: 'supplier/declaration.pdf',
      reason: 'parse_failed',
      message: expect.stringMatching(/decompression bomb/),
    });
  });
});
