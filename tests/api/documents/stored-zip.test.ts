/**
 * A ZIP of PDFs stored without compression, as several archivers write it: the container route unpacks one
 * item per PDF and the bulk upload stores each PDF as a document of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import * as containersRoute from '@/app/api/classify/containers/route';
import { ContainerClassificationSchema } from '@/lib/containers';
import { call, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { CORPUS, form, upload } from './helpers';

useTestDatabase();

const PDF_DIR = path.join(CORPUS, 'documents');
const PDFS = fs
  .readdirSync(PDF_DIR)
  .filter((f) => f.endsWith('.pdf'))
  .sort();

/** The corpus PDFs zipped with the "store" method (no compression), as several archivers do. */
function storedZip(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const f of PDFS) z.addBuffer(fs.readFileSync(path.join(PDF_DIR, f)), f, { compress: false });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

describe('a ZIP of PDFs stored without compression', () => {
  it('POST /api/classify/containers unpacks it: one item per PDF, none "not a zip archive (pdf)"', async () => {
    const u = await makeUser();
    const res = await call(containersRoute, 'POST', '/api/classify/containers', {
      cookie: u.cookie,
      rawBody: form([['supplier.zip', await storedZip()]], {}, 'file'),
    });
    expect(res.status, res.text).toBe(200);
    const body = ContainerClassificationSchema.parse(res.body);
    expect(body.parts.length + body.skipped.length).toBe(PDFS.length);
    expect(body.parts.length).toBeGreaterThanOrEqual(PDFS.length - 1);
    expect(JSON.stringify(body.skipped)).not.toContain('not a zip archive');
    for (const p of body.parts) expect(p.mime_type).toBe('application/pdf');
  });

  it('POST /api/documents/bulk stores each PDF of it as a document of its own', async () => {
    const u = await makeUser();
    const res = await upload(u, [['supplier.zip', await storedZip()]]);
    expect(res.status, res.text).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('not a zip archive');
    for (const f of PDFS) expect(text, f).toContain(f);
  });
});
