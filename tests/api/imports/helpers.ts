import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import * as importRoute from '@/app/api/import/route';
import * as batchRoute from '@/app/api/imports/[batchId]/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, dossierValues, importBatches, jobRuns, skus } from '@/lib/db/schema';
import { drainJobs } from '@/lib/workers';
import { call, type TestUser } from '../../helpers/http';

export const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus/spreadsheets');
export const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/imports');

export const corpus = (name: string) => fs.readFileSync(path.join(CORPUS, name));
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export function form(bytes: Uint8Array | string, filename: string, fields: Record<string, string> = {}) {
  const fd = new FormData();
  fd.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), filename);
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

export function postImport(
  u: TestUser,
  bytes: Uint8Array | string,
  filename: string,
  opts: { fields?: Record<string, string>; dryRun?: boolean; headers?: Record<string, string> } = {},
) {
  return call(importRoute, 'POST', '/api/import', {
    cookie: u.cookie,
    rawBody: form(bytes, filename, opts.fields),
    query: opts.dryRun ? { dry_run: 'true' } : undefined,
    headers: opts.headers,
  });
}

/** Commits the file, runs the queued jobs inline, and returns the final batch. */
export async function importAndRun(
  u: TestUser,
  bytes: Uint8Array | string,
  filename: string,
  fields?: Record<string, string>,
) {
  const res = await postImport(u, bytes, filename, { fields });
  if (res.status !== 202) throw new Error(`commit answered ${res.status}: ${res.text}`);
  await drainJobs();
  const got = await call(batchRoute, 'GET', `/api/imports/${res.body.batch.id}`, {
    cookie: u.cookie,
    params: { batchId: res.body.batch.id },
  });
  return { commit: res.body, batch: got.body.batch };
}

export async function counts(workspaceId: string) {
  const db = await getDb();
  const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0].n);
  return {
    skus: await one(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(skus)
        .where(eq(skus.workspaceId, workspaceId)),
    ),
    values: await one(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(dossierValues)
        .where(eq(dossierValues.workspaceId, workspaceId)),
    ),
    batches: await one(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(importBatches)
        .where(eq(importBatches.workspaceId, workspaceId)),
    ),
    jobs: await one(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobRuns)
        .where(eq(jobRuns.workspaceId, workspaceId)),
    ),
    audit: await one(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditEvents)
        .where(eq(auditEvents.workspaceId, workspaceId)),
    ),
  };
}

/** The SKU by code with its current confirmed values (field -> { value, provenance }). */
export async function skuWithValues(workspaceId: string, code: string) {
  const db = await getDb();
  const [sku] = await db
    .select()
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), eq(skus.skuCode, code)));
  if (!sku) return null;
  const rows = await db
    .select()
    .from(dossierValues)
    .where(
      and(
        eq(dossierValues.skuId, sku.id),
        eq(dossierValues.status, 'confirmed'),
        sql`${dossierValues.supersededAt} IS NULL`,
      ),
    );
  return {
    sku,
    values: Object.fromEntries(
      rows.map((r) => [r.fieldKey, { value: r.value, source: r.source, provenance: r.provenance }]),
    ) as Record<string, { value: string; source: string; provenance: Record<string, unknown> }>,
  };
}

/** Blob files under DATA_DIR/blobs (the local store of the test). */
export function blobFiles(): string[] {
  const root = path.resolve(process.env.DATA_DIR ?? '.data', 'blobs');
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push(path.join(d, e.name));
    }
  };
  walk(root);
  return out;
}
