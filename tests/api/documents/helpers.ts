import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';
import * as bulkRoute from '@/app/api/documents/bulk/route';
import * as skusRoute from '@/app/api/skus/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import { call, type CallResult, type TestUser } from '../../helpers/http';

export const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus');

export const corpus = (rel: string) => new Uint8Array(fs.readFileSync(path.join(CORPUS, rel)));

export type FilePart = [name: string, bytes: Uint8Array | string, type?: string];

export function form(files: FilePart[], fields: Record<string, string> = {}, fileField = 'files') {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, bytes, type] of files)
    fd.append(
      fileField,
      new Blob([typeof bytes === 'string' ? bytes : (bytes as BlobPart)], type ? { type } : {}),
      name,
    );
  return fd;
}

/** A multipart body with its Content-Length, as a browser sends it. */
export async function sizedForm(fd: FormData) {
  const req = new Request('http://x/', { method: 'POST', body: fd });
  const contentType = req.headers.get('content-type')!;
  const body = new Uint8Array(await req.arrayBuffer());
  return { body, headers: { 'content-type': contentType, 'content-length': String(body.byteLength) } };
}

export function upload(
  u: TestUser,
  files: FilePart[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<CallResult> {
  return call(bulkRoute, 'POST', '/api/documents/bulk', { cookie: u.cookie, rawBody: form(files, fields), headers });
}

export async function createSku(u: TestUser, code: string, extra: Record<string, unknown> = {}) {
  const res = await call(skusRoute, 'POST', '/api/skus', {
    cookie: u.cookie,
    body: { sku_code: code, product_name: `Product ${code}`, category_code: 'toys', ...extra },
  });
  if (res.status !== 201) throw new Error(`SKU not created: ${res.text}`);
  return res.body.sku as { id: string; sku_code: string };
}

export async function createKey(u: TestUser, scopes: string[]) {
  const res = await call(keysRoute, 'POST', '/api/workspace/api-keys', {
    cookie: u.cookie,
    body: { name: `key ${scopes.join(' ')}`.slice(0, 100), scopes },
  });
  if (res.status !== 201) throw new Error(`key not created: ${res.text}`);
  return res.body.data.key as string;
}

/** A two-page EU declaration of conformity as a supplier would send it (text layer, Helvetica). */
export async function declarationPdf(opts: { manufacturer?: string; model?: string; gtin?: string } = {}) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages: string[][] = [
    [
      'EU Declaration of Conformity',
      `Manufacturer: ${opts.manufacturer ?? 'Acme Toys GmbH'}, Industriestraße 5, 59063 Hamm, Germany`,
      'E-mail: compliance@acme-toys.example',
      'Product: Wooden train',
      `Model: ${opts.model ?? 'WT-100'}`,
      `GTIN: ${opts.gtin ?? '4006381333931'}`,
      'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
    ],
    [
      'The object of the declaration is in conformity with Directive 2009/48/EC and Regulation (EU) 2023/988.',
      'Harmonised standards applied: EN 71-1:2014+A1:2018, EN 71-2:2020, EN 71-3:2019+A1:2021',
      'Place and date of issue: Hamm, 02.11.2023',
      'Signed for and on behalf of the manufacturer: J. Smith, Managing Director',
    ],
  ];
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((l, i) => page.drawText(l, { x: 40, y: 780 - i * 20, size: 10, font }));
  }
  return new Uint8Array(await pdf.save());
}

/** Keys of an object, sorted: for "no other keys" checks. */
export const keysOf = (o: object) => Object.keys(o).sort();

/**
 * Runs queued jobs until none of this workspace's runs is queued or running. On a shared Postgres other
 * test files drain the same queues, so "drainJobs found nothing" alone does not mean ours are done.
 */
export async function settleJobs(workspaceId: string, timeoutMs = 60_000) {
  const { drainJobs } = await import('@/lib/workers');
  const { getDb } = await import('@/lib/db/client');
  const { jobRuns } = await import('@/lib/db/schema');
  const { and, eq, inArray } = await import('drizzle-orm');
  const db = await getDb();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainJobs();
    const open = await db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.workspaceId, workspaceId), inArray(jobRuns.status, ['queued', 'running'])));
    if (!open.length) return;
    if (Date.now() > deadline) throw new Error(`${open.length} job(s) of workspace ${workspaceId} still open`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A ZIP of the given entries (deflated), as a supplier's tool would write it. */
export function zipOf(files: [string, Uint8Array | string][]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of files) z.addBuffer(Buffer.from(content), name);
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
      .on('error', reject);
  });
}

/**
 * A person accepts the linked document as the SKU's evidence (issue 33): a document a person links counts
 * only once accepted, unless its text identifies the SKU.
 */
export async function acceptEvidence(u: TestUser, skuId: string, documentId: string, reason?: string) {
  const route = await import('@/app/api/skus/[id]/documents/[documentId]/decision/route');
  const res = await call(route, 'POST', `/api/skus/${skuId}/documents/${documentId}/decision`, {
    cookie: u.cookie,
    params: { id: skuId, documentId },
    body: { decision: 'accept', ...(reason ? { reason } : {}) },
  });
  if (res.status !== 200) throw new Error(`link not accepted: ${res.text}`);
  return res.body.link as { evidence_status: string };
}
