/**
 * The MCP endpoint with the SDK client: stateless handshake and discovery, every tool and resource with
 * valid and invalid arguments, answers an agent can act on (operators, whom to ask, citations within the
 * text budget), tenant isolation, protocol errors kept JSON-RPC, 401/403/429 envelopes, read-only (calling
 * everything changes nothing), and the MCP Inspector CLI.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createApiKey, revokeApiKey } from '@/lib/auth/api-keys';
import type { Scope } from '@/lib/auth/scopes';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { apiKeys, documentExtractions, workspaces } from '@/lib/db/schema';
import { listTemplates } from '@/lib/exports/list-templates';
import { MCP_TOOLS } from '@/lib/mcp/tools';
import { TEXT_BUDGET } from '@/lib/mcp/views';
import { useTestDatabase } from '../../helpers/db';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import * as exportsRoute from '@/app/api/exports/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import { drainJobs } from '@/lib/workers';
import { importAndRun } from '../imports/helpers';
import { draft, send, startSmtp } from '../outreach/helpers';
import {
  addDocument,
  createEntity,
  createSku,
  link,
  readySku,
  setFields,
  withTempBlobStore,
  EU_MANUFACTURER,
} from '../skus/fixtures';
import { connectClient, databaseFingerprint, raw, startMcpHttpServer } from './harness';
import { openRecallForTest } from './recall-seed';

useTestDatabase();
withTempBlobStore();

// Loopback only; 0 lets the OS pick a free port so parallel runs never collide (MCP_TEST_PORT pins one).
const PORT = Number(process.env.MCP_TEST_PORT ?? 0);

async function keyFor(u: TestUser, scopes: Scope[] = ['mcp:read'], name = 'agent') {
  const db = await getDb();
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, u.workspaceId));
  return createApiKey(db, {
    workspace: { id: ws.id, name: ws.name, plan: ws.plan as never },
    actor: { userId: u.id, apiKeyId: null, label: u.email },
    input: { name, scopes },
  });
}

type ToolResult = { isError?: boolean; structuredContent?: any; content: { type: string; text?: string }[] };
const callTool = (c: Client, name: string, args: Record<string, unknown> = {}) =>
  c.callTool({ name, arguments: args }) as Promise<ToolResult>;
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

async function ok(c: Client, name: string, args: Record<string, unknown> = {}) {
  const r = await callTool(c, name, args);
  expect(r.isError, textOf(r)).toBeFalsy();
  expect(textOf(r).length).toBeGreaterThan(0);
  return r.structuredContent;
}

async function toolError(c: Client, name: string, args: Record<string, unknown>, pattern: RegExp) {
  const r = await callTool(c, name, args);
  expect(r.isError, `expected ${name} to fail: ${JSON.stringify(r.structuredContent)}`).toBe(true);
  expect(textOf(r)).toMatch(pattern);
  expect(r.structuredContent).toBeUndefined();
}

async function allPages(c: Client, name: string, args: Record<string, unknown>, pick = (s: any) => s) {
  const seen: any[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = pick(await ok(c, name, { ...args, ...(cursor ? { cursor } : {}) }));
    seen.push(...page.items);
    if (!page.has_more) {
      expect(page.next_cursor).toBeNull();
      return seen;
    }
    cursor = page.next_cursor;
  }
  throw new Error('paging did not end');
}

/** One valid call per tool (a tool added to the registry must be added here: the read-only test checks). */
const VALID_ARGS: Record<string, () => Record<string, unknown>> = {
  list_skus: () => ({ limit: 2 }),
  get_sku: () => ({ sku_id: toy.id }),
  get_dossier: () => ({ sku_id: ready.id }),
  readiness_summary: () => ({}),
  explain_requirements: () => ({ category: 'electrical', markets: ['DE', 'IT'] }),
  why_blocked: () => ({ sku_id: toy.id, market: 'BE' }),
  market_readiness: () => ({ market: 'FR' }),
  search_documents: () => ({ type: 'test_report' }),
  get_document: () => ({ document_id: docA.id }),
  list_import_batches: () => ({}),
  get_import_batch: () => ({ batch_id: batchId }),
  list_entities: () => ({}),
  list_export_templates: () => ({}),
  list_export_runs: () => ({ limit: 2 }),
  list_supplier_requests: () => ({ sku_id: toy.id }),
  list_currency_findings: () => ({}),
  list_recall_alerts: () => ({}),
  get_recall_alert: () => ({ alert_id: recall.alertId }),
  list_recall_matches: () => ({ status: 'confirmed' }),
  get_recall_match: () => ({ match_id: recall.matchId }),
  list_recall_cases: () => ({}),
  get_recall_case: () => ({ case_id: recall.caseId }),
  list_passports: () => ({ sku_id: ready.id }),
  get_passport: () => ({ sku_id: ready.id }),
};

/** The calls whose answers /docs/mcp shows: chosen to say something (the toy for FR, its requests). */
const EXAMPLE_ARGS: Record<string, () => Record<string, unknown>> = {
  ...VALID_ARGS,
  list_skus: () => ({ has_blockers: true, sort: 'blockers_desc', limit: 3 }),
  get_sku: () => ({ sku_id: toy.id }),
  get_dossier: () => ({ sku_id: toy.id, field_key: 'country_of_origin' }),
  readiness_summary: () => ({ top: 3 }),
  explain_requirements: () => ({ category: 'toys', markets: ['FR'] }),
  why_blocked: () => ({ sku_id: toy.id, market: 'FR' }),
  list_entities: () => ({ q: 'Holzwerk' }),
  list_export_templates: () => ({ limit: 3 }),
  list_export_runs: () => ({ limit: 2 }),
  list_supplier_requests: () => ({ sku_id: toy.id, limit: 1 }),
};

let server: Awaited<ReturnType<typeof startMcpHttpServer>>;
let A: TestUser;
let B: TestUser;
let keyA: string;
let keyB: string;
let client: Client;
let clientB: Client;
const skuIdsA: string[] = [];
let ready: { id: string };
let toy: { id: string };
let skuB: { id: string };
let docA: { id: string };
let docB: { id: string };
let batchId: string;
let entityId: string;
const exportRunIdsA: string[] = [];
const requestIdsA: string[] = [];
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let recall: Awaited<ReturnType<typeof openRecallForTest>>;

const CSV_TEMPLATE = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02'; // GPSR catalogue CSV

beforeAll(async () => {
  server = await startMcpHttpServer(PORT);
  A = await makeUser({ plan: 'pro' }); // several keys (revoked, expired, rate-limited) for the auth tests
  B = await makeUser();
  keyA = (await keyFor(A, ['mcp:read', 'recalls:read'])).key;
  keyB = (await keyFor(B, ['mcp:read', 'recalls:read'])).key;

  // Workspace A: seven plain SKUs (paging), a toy for FR/BE, a SKU ready for DE, documents, an entity and an import.
  for (let i = 1; i <= 6; i++)
    skuIdsA.push((await createSku(A, { sku_code: `MCP-${i}`, product_name: `Wooden block ${i}` })).id);
  toy = await createSku(A, { sku_code: 'TOY-FR', product_name: 'Plush bear', category_code: 'toys' });
  skuIdsA.push(toy.id);
  await setFields(A, toy.id, { target_markets: 'FR,BE', brand: 'Teddy & Co' });
  ready = await readySku(A, { sku_code: 'READY-DE' });
  skuIdsA.push(ready.id);
  const m = await createEntity(A, { ...EU_MANUFACTURER, name: 'Holzwerk MCP GmbH' });
  entityId = m.id;
  await link(A, toy.id, 'manufacturer', m.id);
  docA = await addDocument(A, {
    skuIds: [toy.id],
    type: 'test_report',
    filename: 'EN71 test report.pdf',
    validUntil: '2026-12-31',
    references: ['EN 71-1:2014'],
  });
  // As the extractor writes facts: with the page, the quote and the confidence (get_document cites them).
  await (
    await getDb()
  )
    .update(documentExtractions)
    .set({
      facts: [
        {
          field_key: 'harmonised_standards',
          value: 'EN 71-1:2014',
          page: 3,
          quote: 'The sample was tested to EN 71-1:2014 and passed.',
          confidence: 0.92,
        },
      ],
    })
    .where(eq(documentExtractions.documentId, docA.id));
  const imported = await importAndRun(
    A,
    'sku_code,product_name,gtin\nIMP-1,Imported lamp,4006381333931\nIMP-2,Broken row,123\n',
    'products.csv',
  );
  batchId = imported.batch.id;
  for (const code of ['IMP-1', 'IMP-2']) {
    const db = await getDb();
    const rows = await db.execute(
      sql`SELECT id FROM skus WHERE workspace_id = ${A.workspaceId} AND sku_code = ${code}`,
    );
    const id = ((rows as any).rows ?? rows)[0]?.id;
    if (id) skuIdsA.push(id);
  }

  // Workspace A: three export runs (run to the end by the real job) and two supplier requests sent over real SMTP.
  for (let i = 0; i < 3; i++) {
    const res = await call(exportsRoute, 'POST', '/api/exports', {
      cookie: A.cookie,
      body: {
        template_id: CSV_TEMPLATE,
        scope_type: i === 0 ? 'single_sku' : 'all',
        ...(i === 0 ? { scope_value: toy.id } : {}),
      },
    });
    expect(res.status, res.text).toBe(202);
    exportRunIdsA.push(res.body.run.id);
  }
  await drainJobs(60_000);
  smtp = await startSmtp();
  smtp.use();
  for (const due of ['2026-12-15', null]) {
    const d = await draft(A, { sku_id: toy.id, to: 'quality@teddy.example' });
    expect(d.status, d.text).toBe(200);
    const res = await send(A, {
      sku_id: toy.id,
      to: 'quality@teddy.example',
      subject: d.body.draft.subject,
      body: d.body.draft.body,
      due_date: due,
    });
    expect(res.status, res.text).toBe(201);
    requestIdsA.push(res.body.request.id);
  }
  expect(smtp.mails).toHaveLength(2);

  // Workspace A: a Safety Gate alert naming READY-DE, the match confirmed and a recall case opened on it.
  recall = await openRecallForTest(A, ready.id);

  // Workspace B: one SKU and one document that A's key must never see.
  skuB = await createSku(B, { sku_code: 'B-SECRET', product_name: 'Secret product of B' });
  docB = await addDocument(B, {
    skuIds: [skuB.id],
    type: 'test_report',
    filename: 'B secret report.pdf',
    validUntil: '2026-06-30',
  });

  client = await connectClient(server.url, keyA);
  clientB = await connectClient(server.url, keyB);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await clientB?.close();
  await server?.close();
  await smtp?.close();
});

describe('mcpJsonRpc, getMcpServerMetadata — MCP: handshake and discovery', () => {
  it('initialize negotiates with the SDK client; stateless JSON: no session id, no SSE', async () => {
    expect(client.getServerVersion()?.name).toBe('compliance-workspace');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(client.getInstructions()).toMatch(/read-only/i);
    const res = await raw(server.url, {
      key: keyA,
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.body.result.protocolVersion).toBe('2025-11-25');
  });

  it('tools/list: every tool of the registry, read-only, with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'list_skus',
        'get_sku',
        'get_dossier',
        'readiness_summary',
        'explain_requirements',
        'why_blocked',
        'search_documents',
        'get_document',
        'list_import_batches',
        'get_import_batch',
        'list_entities',
      ]),
    );
    for (const t of tools) {
      expect(t.annotations, t.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.inputSchema.additionalProperties, `${t.name} publishes a closed input`).toBe(false);
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.description!.length, t.name).toBeGreaterThan(30);
    }
  });

  it("the SDK client's SSE GET is told 405 once (no stream, no polling); the 405 is the error envelope", async () => {
    const before = server.log.length;
    const c = await connectClient(server.url, keyA);
    await c.listTools();
    await new Promise((r) => setTimeout(r, 1500)); // a client reading a 200 as a stream would reconnect within this
    await c.close();
    const gets = server.log.slice(before).filter((r) => r.method === 'GET');
    expect(gets).toEqual([{ method: 'GET', accept: 'text/event-stream', status: 405 }]);
    const res = await raw(server.url, { method: 'GET', key: keyA, headers: { accept: 'text/event-stream' } });
    expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET, POST');
  });

  it('GET /api/mcp returns the server metadata as JSON', async () => {
    const res = await raw(server.url, { method: 'GET', key: keyA });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'compliance-workspace',
      transport: 'streamable-http',
      read_only: true,
      authentication: { type: 'bearer', scope: 'mcp:read' },
    });
    expect(res.body.protocol_versions).toContain('2025-11-25');
    expect(res.body.tools.map((t: any) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    expect(res.body.endpoint).toBe(`${server.url.origin}/api/mcp`);
  });
});

describe('MCP: tools with valid and invalid arguments', () => {
  it('list_skus pages through every SKU of the workspace exactly once; filters as the SKU list', async () => {
    const all = await allPages(client, 'list_skus', { limit: 3, sort: 'code_asc' });
    expect(all.map((s) => s.id).sort()).toEqual([...skuIdsA].sort());
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(all.map((s) => s.sku_code)).toEqual([...all.map((s) => s.sku_code)].sort());
    const toys = await ok(client, 'list_skus', { category_code: 'toys' });
    expect(toys.items.map((s: any) => s.sku_code)).toEqual(['TOY-FR']);
    const clean = await ok(client, 'list_skus', { has_blockers: false });
    expect(clean.items.every((s: any) => s.blocker_count === 0)).toBe(true);
    const found = await ok(client, 'list_skus', { q: 'plush' });
    expect(found.items.map((s: any) => s.id)).toEqual([toy.id]);
    await toolError(client, 'list_skus', { limit: 0 }, /limit/);
    await toolError(client, 'list_skus', { status: ['nonsense'] }, /status/);
    await toolError(client, 'list_skus', { cursor: 'not-a-cursor' }, /cursor/i);
  });

  it('list_skus filters by market, open blocker code and linked operator; an unknown argument is an error naming it', async () => {
    const fr = await ok(client, 'list_skus', { market: 'FR' });
    expect(fr.items.map((s: any) => s.sku_code)).toEqual(['TOY-FR']);
    expect((await ok(client, 'list_skus', { market: 'fr' })).items.map((s: any) => s.id)).toEqual([toy.id]);
    expect((await ok(client, 'list_skus', { market: 'DE' })).items.map((s: any) => s.id)).toEqual([ready.id]);
    expect((await ok(client, 'list_skus', { market: 'PL' })).items).toEqual([]);
    expect((await ok(client, 'list_skus', { entity_id: entityId })).items.map((s: any) => s.id)).toEqual([toy.id]);
    const code = (await ok(client, 'get_sku', { sku_id: toy.id })).blockers.find((b: any) => !b.waived).code;
    const withCode = await ok(client, 'list_skus', { blocker_code: code, limit: 100 });
    expect(withCode.items.map((s: any) => s.id)).toContain(toy.id);
    expect(withCode.items.map((s: any) => s.id)).not.toContain(ready.id);
    expect((await ok(client, 'list_skus', { blocker_code: 'NO_SUCH_CODE' })).items).toEqual([]);
    // Before this, {"market": "FR"} was dropped and every SKU came back: an agent believed it had filtered.
    await toolError(client, 'list_skus', { markets: 'FR' }, /markets/);
    await toolError(client, 'list_skus', { market: 'France' }, /market/);
    for (const [name, args] of Object.entries(VALID_ARGS)) {
      const r = await callTool(client, name, { ...args(), colour: 'red', sku_ids: [] });
      expect(r.isError, `${name} must refuse unknown arguments`).toBe(true);
      expect(textOf(r), name).toMatch(/colour/);
      expect(textOf(r), name).toMatch(/sku_ids/);
    }
  });

  it('get_sku: blockers with legal basis and fix; malformed and unknown ids are tool errors', async () => {
    const s = await ok(client, 'get_sku', { sku_id: toy.id });
    expect(s.sku).toMatchObject({ id: toy.id, sku_code: 'TOY-FR', status: 'blocked' });
    expect(s.blockers.length).toBeGreaterThan(0);
    expect(s.blockers.some((b: any) => b.legal_basis && /2009\/48|2023\/988/.test(b.legal_basis))).toBe(true);
    expect(s.blockers.every((b: any) => b.fix === null || (b.fix.kind && b.fix.target))).toBe(true);
    await toolError(client, 'get_sku', { sku_id: 'nope' }, /sku_id|uuid/i);
    await toolError(client, 'get_sku', { sku_id: '00000000-0000-4000-8000-000000000000' }, /NOT_FOUND/);
    await toolError(client, 'get_sku', {}, /sku_id/);
  });

  it('get_dossier: values with status and provenance, paged by field', async () => {
    const d = await ok(client, 'get_dossier', { sku_id: ready.id, limit: 100 });
    const markets = d.items.find((f: any) => f.field_key === 'target_markets');
    expect(markets.current).toMatchObject({ value: 'DE', status: 'confirmed' });
    expect(markets.current.source).toEqual(expect.any(String));
    const fields = await allPages(client, 'get_dossier', { sku_id: ready.id, limit: 2 });
    expect(fields.map((f) => f.field_key).sort()).toEqual(d.items.map((f: any) => f.field_key).sort());
    const one = await ok(client, 'get_dossier', { sku_id: ready.id, field_key: 'brand' });
    expect(one.items).toHaveLength(1);
    expect(one.items[0].current.value).toBe('Holzwerk');
    await toolError(client, 'get_dossier', { sku_id: skuB.id }, /NOT_FOUND/);
  });

  it('readiness_summary: counts by status, blocker code, category and market; top blockers', async () => {
    const r = await ok(client, 'readiness_summary', { top: 2 });
    expect(r.totals.skus).toBe(skuIdsA.length);
    expect(r.by_status.reduce((n: number, s: any) => n + s.count, 0)).toBe(skuIdsA.length);
    expect(r.by_category.find((c: any) => c.category_code === 'toys')).toEqual({
      category_code: 'toys',
      skus: 1,
      blocked: 1,
    });
    expect(r.by_target_market).toEqual(
      expect.arrayContaining([
        { market: 'FR', skus: 1, blocked: 1 },
        { market: 'BE', skus: 1, blocked: 1 },
      ]),
    );
    expect(r.by_target_market.find((m: any) => m.market === 'DE')).toMatchObject({ skus: 1 });
    expect(r.top_blockers.length).toBeLessThanOrEqual(2);
    expect(r.by_blocker_code.length).toBeGreaterThanOrEqual(r.top_blockers.length);
    await toolError(client, 'readiness_summary', { top: 0 }, /top/);
  });

  it('explain_requirements: the profile rule by rule with legal basis, per market language', async () => {
    const e = await ok(client, 'explain_requirements', { category: 'toys', markets: ['fr', 'BE'] });
    expect(e.profile_id).toMatch(/^toys@/);
    expect(e.markets.map((m: any) => m.market)).toEqual(['FR', 'BE']);
    expect(e.required_languages).toContain('fr');
    expect(e.rules.length).toBeGreaterThan(5);
    expect(e.rules.filter((r: any) => r.legal_basis).length).toBeGreaterThan(3);
    expect(e.rules.some((r: any) => r.checks.some((c: any) => c.fix?.target?.endsWith('_fr')))).toBe(true);
    const general = await ok(client, 'explain_requirements', { category: 'no such category', markets: ['DE'] });
    expect(general).toMatchObject({ category_code: 'general', category_defaulted: true });
    await toolError(client, 'explain_requirements', { category: 'toys', markets: ['US'] }, /US/);
    await toolError(client, 'explain_requirements', { category: 'toys', markets: [] }, /markets/);
  });

  it('why_blocked: what is missing for one market and how to fix it', async () => {
    const de = await ok(client, 'why_blocked', { sku_id: ready.id, market: 'DE' });
    expect(de).toMatchObject({ market: 'DE', sellable: true, blockers: [] });
    const fr = await ok(client, 'why_blocked', { sku_id: ready.id, market: 'fr' });
    expect(fr.sellable).toBe(false);
    expect(fr.required_languages).toContain('fr');
    expect(fr.blockers.some((b: any) => b.fix?.target?.endsWith('_fr') && b.legal_basis)).toBe(true);
    await toolError(client, 'why_blocked', { sku_id: ready.id, market: 'XX' }, /XX/);
    await toolError(client, 'why_blocked', { sku_id: skuB.id, market: 'DE' }, /NOT_FOUND/);
  });

  it('search_documents and get_document: filters, expiry, facts, download link', async () => {
    const found = await ok(client, 'search_documents', { type: 'test_report', expiring_before: '2027-01-01' });
    expect(found.items.map((d: any) => d.id)).toEqual([docA.id]);
    expect((await ok(client, 'search_documents', { expiring_before: '2026-01-01' })).items).toEqual([]);
    expect((await ok(client, 'search_documents', { sku_id: toy.id })).items.map((d: any) => d.id)).toEqual([docA.id]);
    expect((await ok(client, 'search_documents', { q: 'EN71' })).items.map((d: any) => d.id)).toEqual([docA.id]);
    const docs = await allPages(client, 'search_documents', { limit: 1 });
    expect(docs.length).toBe(2); // the test report and the risk assessment of READY-DE
    await toolError(client, 'search_documents', { expiring_before: '31.12.2026' }, /expiring_before/);
    await toolError(client, 'search_documents', { type: 'invoice' }, /type/);

    const d = await ok(client, 'get_document', { document_id: docA.id });
    expect(d).toMatchObject({
      id: docA.id,
      document_type: 'test_report',
      valid_until: '2026-12-31',
      linked_skus: [{ id: toy.id, sku_code: 'TOY-FR' }],
    });
    expect(d.download_url).toBe(`${server.url.origin}/api/documents/${docA.id}/file`);
    expect(d.facts).toEqual([expect.objectContaining({ field_key: 'harmonised_standards', value: 'EN 71-1:2014' })]);
    // The text cites the fact as structuredContent does: value, page, quote and confidence.
    expect(textOf(await callTool(client, 'get_document', { document_id: docA.id }))).toContain(
      '- harmonised_standards: "EN 71-1:2014" (page 3; quote "The sample was tested to EN 71-1:2014 and passed."; confidence 0.92)',
    );
    await toolError(client, 'get_document', { document_id: docB.id }, /NOT_FOUND/);
  });

  it('list_import_batches and get_import_batch: counts and rows with errors, paged', async () => {
    const list = await ok(client, 'list_import_batches', {});
    expect(list.items.map((b: any) => b.id)).toEqual([batchId]);
    const b = await ok(client, 'get_import_batch', { batch_id: batchId, limit: 1 });
    expect(b.batch).toMatchObject({ id: batchId, filename: 'products.csv', total_rows: 2 });
    expect(b.rows.items).toHaveLength(1);
    const rows = await allPages(client, 'get_import_batch', { batch_id: batchId, limit: 1 }, (s) => s.rows);
    expect(rows.map((r) => r.row_number)).toEqual([...rows.map((r) => r.row_number)].sort((x, y) => x - y));
    expect(rows.length).toBe(2);
    expect(rows.some((r) => r.errors.length > 0 || r.outcome !== 'created')).toBe(true);
    await toolError(client, 'list_import_batches', { cursor: 'bogus' }, /cursor/);
    await toolError(client, 'get_import_batch', { batch_id: '00000000-0000-4000-8000-000000000000' }, /NOT_FOUND/);
    await toolError(client, 'get_import_batch', { batch_id: batchId, outcome: 'maybe' }, /outcome/);
  });

  it('list_entities: operators with EU establishment and SKU counts, paged', async () => {
    const all = await allPages(client, 'list_entities', { limit: 1 });
    expect(all.length).toBe(2); // READY-DE's manufacturer and the toy's
    const mine = await ok(client, 'list_entities', { q: 'Holzwerk MCP' });
    expect(mine.items).toEqual([expect.objectContaining({ id: entityId, eu_established: true, sku_count: 1 })]);
    await toolError(client, 'list_entities', { limit: 101 }, /limit/);
  });

  it('list_export_templates: every template with status and required fields, paged', async () => {
    const all = await allPages(client, 'list_export_templates', { limit: 2 });
    expect(all.length).toBe(listTemplates().length);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    expect(all.find((t) => t.id === CSV_TEMPLATE)).toMatchObject({ format: 'CSV', status: 'valid' });
    expect(
      all.every((t) => ['valid', 'schema_drift', 'deprecated'].includes(t.status) && Array.isArray(t.required_fields)),
    ).toBe(true);
    await toolError(client, 'list_export_templates', { cursor: 'bogus' }, /cursor/);
    await toolError(client, 'list_export_templates', { limit: 101 }, /limit/);
  });

  it('list_export_runs: the runs newest first with status, counts and the download link, paged', async () => {
    const runs = await allPages(client, 'list_export_runs', { limit: 1 });
    expect(runs.map((r) => r.id)).toEqual([...exportRunIdsA].reverse());
    expect(runs.at(-1)).toMatchObject({
      scope_type: 'single_sku',
      sku_count: 1,
      template_id: CSV_TEMPLATE,
      template_format: 'CSV',
    });
    expect(runs[0]).toMatchObject({ scope_type: 'all', sku_count: skuIdsA.length });
    for (const r of runs) {
      expect(['completed', 'completed_with_warnings']).toContain(r.status);
      expect(r.download_url).toBe(`${server.url.origin}/api/exports/${r.id}/download`);
      expect(r.output_filename).toMatch(/\.csv$/);
    }
    await toolError(client, 'list_export_runs', { cursor: 'bogus' }, /cursor/i);
    await toolError(client, 'list_export_runs', { limit: 0 }, /limit/);
  });

  it('list_supplier_requests: what was asked, status and due date, by SKU and status, paged; never the upload link', async () => {
    const all = await allPages(client, 'list_supplier_requests', { limit: 1 });
    expect(all.map((r) => r.id)).toEqual([...requestIdsA].reverse());
    expect(all[1]).toMatchObject({
      sku_id: toy.id,
      recipient: 'quality@teddy.example',
      status: 'sent',
      due_date: '2026-12-15',
      link_active: true,
      reminder_count: 0,
    });
    expect(all[1].items.length).toBeGreaterThan(0);
    expect(all[1].items.every((i: any) => i.code && i.label)).toBe(true);
    const r = await callTool(client, 'list_supplier_requests', {});
    expect(JSON.stringify(r)).not.toMatch(/upload_url|\/r\//);
    expect((await ok(client, 'list_supplier_requests', { sku_id: toy.id, status: ['sent'] })).items).toHaveLength(2);
    expect((await ok(client, 'list_supplier_requests', { sku_id: ready.id })).items).toEqual([]);
    expect((await ok(client, 'list_supplier_requests', { status: ['done', 'cancelled'] })).items).toEqual([]);
    await toolError(client, 'list_supplier_requests', { status: ['lost'] }, /status/);
    await toolError(client, 'list_supplier_requests', { sku_id: 'not-a-uuid' }, /sku_id/);
    await toolError(client, 'list_supplier_requests', { sku_id: '00000000-0000-4000-8000-000000000000' }, /NOT_FOUND/);
    await toolError(client, 'list_supplier_requests', { cursor: 'bogus' }, /cursor/i);
  });

  it('resources sku:// and document:// and the audit prompt', async () => {
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['document://{id}', 'sku://{id}']);
    const r = await client.readResource({ uri: `sku://${toy.id}` });
    const skuJson = JSON.parse(String((r.contents[0] as any).text));
    expect(skuJson.sku.id).toBe(toy.id);
    expect(skuJson.operators).toEqual([expect.objectContaining({ role: 'manufacturer', name: 'Holzwerk MCP GmbH' })]);
    const d = await client.readResource({ uri: `document://${docA.id}` });
    expect(JSON.parse(String((d.contents[0] as any).text)).filename).toBe('EN71 test report.pdf');
    const p = await client.getPrompt({ name: 'audit_catalogue', arguments: { market: 'fr' } });
    expect((p.messages[0].content as any).text).toMatch(/market_readiness with market=FR/);
  });
});

describe('MCP: answers an agent can act on (operators, whom to ask, citations in the text)', () => {
  it('get_sku and why_blocked name the operators with role, country, contact and EU establishment', async () => {
    const s = await ok(client, 'get_sku', { sku_id: toy.id });
    expect(s.operators).toEqual([
      expect.objectContaining({
        role: 'manufacturer',
        entity_id: entityId,
        name: 'Holzwerk MCP GmbH',
        country: 'DE',
        eu_established: true,
        email: EU_MANUFACTURER.email,
        contact_url: EU_MANUFACTURER.contact_url,
      }),
    ]);
    const text = textOf(await callTool(client, 'get_sku', { sku_id: toy.id }));
    expect(text).toContain('manufacturer: Holzwerk MCP GmbH, DE (EU-established)');
    expect(text).toContain(EU_MANUFACTURER.email);
    const fr = await ok(client, 'why_blocked', { sku_id: toy.id, market: 'FR' });
    expect(fr.operators.map((o: any) => o.name)).toEqual(['Holzwerk MCP GmbH']);
    const bare = await ok(client, 'get_sku', { sku_id: skuIdsA[0] });
    expect(bare.operators).toEqual([]);
  });

  it('each open blocker says whom to ask for what, with the supplier request already open', async () => {
    const fr = await ok(client, 'why_blocked', { sku_id: toy.id, market: 'FR' });
    expect(fr.sellable).toBe(false);
    for (const b of fr.blockers) expect(b.ask.what.length, b.code).toBeGreaterThan(3);
    const askedOperator = fr.blockers.filter((b: any) => b.ask.party === 'operator');
    expect(askedOperator.length).toBeGreaterThan(0);
    expect(askedOperator.every((b: any) => b.ask.name === 'Holzwerk MCP GmbH' && b.ask.entity_id === entityId)).toBe(
      true,
    );
    // The two requests sent in beforeAll asked for the toy's open items: the newest open one is named.
    const withRequest = askedOperator.filter((b: any) => b.ask.open_request);
    expect(withRequest.length).toBeGreaterThan(0);
    expect(requestIdsA).toContain(withRequest[0].ask.open_request.id);
    expect(withRequest[0].ask.open_request).toMatchObject({ recipient: 'quality@teddy.example', status: 'sent' });
    // Operator links and target markets are the workspace's own decisions, not a supplier's.
    const own = fr.blockers.filter((b: any) => b.fix?.kind === 'entity');
    expect(own.every((b: any) => b.ask.party === 'workspace')).toBe(true);
    const text = textOf(await callTool(client, 'why_blocked', { sku_id: toy.id, market: 'FR' }));
    expect(text).toContain('whom: ask Holzwerk MCP GmbH (manufacturer');
    expect(text).toContain(withRequest[0].ask.open_request.id);
    // A SKU with no operator: the blocker says so instead of inventing someone.
    const bare = await ok(client, 'why_blocked', { sku_id: skuIdsA[0], market: 'DE' });
    expect(bare.blockers.some((b: any) => b.ask.party === 'no_operator_linked')).toBe(true);
  });

  it('"Which of my products cannot be sold in France yet, why, and whom must I ask for what?" in one call', async () => {
    const r = await callTool(client, 'market_readiness', { market: 'FR' });
    expect(r.isError, textOf(r)).toBeFalsy();
    const o = r.structuredContent;
    expect(o.market).toBe('FR');
    expect(o.totals.skus_targeting).toBe(1); // only TOY-FR has FR among its confirmed target markets
    expect(o.items.map((i: any) => i.sku.sku_code)).toEqual(['TOY-FR']);
    const blockers = o.items[0].blockers;
    expect(blockers.length).toBeGreaterThan(0);
    expect(blockers.every((b: any) => b.ask && (b.legal_basis || b.fix))).toBe(true);
    expect(blockers.some((b: any) => b.legal_basis && /2009\/48|2023\/988/.test(b.legal_basis))).toBe(true);
    const holzwerk = o.whom_to_ask.find((g: any) => g.entity_id === entityId);
    expect(holzwerk).toMatchObject({ party: 'operator', name: 'Holzwerk MCP GmbH', email: EU_MANUFACTURER.email });
    expect(holzwerk.asks.every((a: any) => a.sku_codes.includes('TOY-FR'))).toBe(true);
    expect(holzwerk.asks.some((a: any) => a.open_request_ids.some((id: string) => requestIdsA.includes(id)))).toBe(
      true,
    );
    // The text answer alone is enough: SKU, why (legal basis), whom (name, role), the request; and concise.
    const text = textOf(r);
    expect(text).toContain('TOY-FR');
    expect(text).toMatch(/2009\/48|2023\/988/);
    expect(text).toContain('ask Holzwerk MCP GmbH (manufacturer)');
    expect(text).toContain('Whom to ask for what:');
    expect(text.length).toBeLessThan(6500);
    // Markets the catalogue does not target, and non-EEA codes.
    expect((await ok(client, 'market_readiness', { market: 'PL' })).items).toEqual([]);
    await toolError(client, 'market_readiness', { market: 'US' }, /EEA/);
    // DE: READY-DE is sellable there, so nothing is listed although it targets DE.
    const de = await ok(client, 'market_readiness', { market: 'DE' });
    expect(de.totals.skus_targeting).toBe(1);
    expect(de.items).toEqual([]);
  });

  it('get_dossier: value, document, page, quote and confidence in the text; a linked operator stands in for its fields', async () => {
    const sug = await call(suggestionsRoute, 'POST', `/api/skus/${toy.id}/dossier/suggestions`, {
      cookie: A.cookie,
      params: { id: toy.id },
      body: {
        suggestions: [
          {
            field_key: 'country_of_origin',
            value: 'Germany',
            source: 'document_extraction',
            provenance: { document_id: docA.id, page: 2, quote: 'Made in Germany by Holzwerk' },
            confidence: 0.9,
          },
        ],
      },
    });
    expect(sug.status, sug.text).toBe(200);
    const r = await callTool(client, 'get_dossier', { sku_id: toy.id, field_key: 'country_of_origin' });
    const text = textOf(r);
    expect(text).toContain('suggestion "DE"'); // normalised to the ISO code
    expect(text).toContain(`document ${docA.id}, page 2`);
    expect(text).toContain('quote "Made in Germany by Holzwerk"');
    expect(text).toContain('confidence 0.9');
    expect(r.structuredContent.items[0].suggestions[0]).toMatchObject({
      value: 'DE',
      confidence: 0.9,
      provenance: { document_id: docA.id, page: 2, quote: 'Made in Germany by Holzwerk' },
    });
    const m = await callTool(client, 'get_dossier', { sku_id: toy.id, field_key: 'manufacturer_name' });
    expect(m.structuredContent.items[0].from_operator).toMatchObject({
      role: 'manufacturer',
      entity_id: entityId,
      value: 'Holzwerk MCP GmbH',
    });
    expect(textOf(m)).toContain('linked manufacturer Holzwerk MCP GmbH gives "Holzwerk MCP GmbH"');
  });

  it('list_supplier_requests: SKU code, items asked, sent and due dates in the text', async () => {
    const r = await callTool(client, 'list_supplier_requests', { sku_id: toy.id });
    const text = textOf(r);
    expect(text).toContain('TOY-FR to quality@teddy.example: sent;');
    expect(text).toContain('due 2026-12-15');
    expect(text).toMatch(/asked: .+/);
    expect(r.structuredContent.items.every((i: any) => i.sku_code === 'TOY-FR')).toBe(true);
  });

  it('a long answer keeps to the text budget and says where the rest is', async () => {
    const d = await callTool(client, 'get_dossier', { sku_id: ready.id, limit: 100 });
    expect(textOf(d).length).toBeLessThan(6500);
    expect(d.structuredContent.items.length).toBeGreaterThan(5);
  });
});

describe('MCP: the /docs/mcp examples are real answers', () => {
  // WRITE_MCP_EXAMPLES=1 npx vitest run tests/api/mcp/mcp.test.ts rewrites lib/mcp/examples.generated.json.
  it('every tool has a recorded text answer from this workspace; the file is rewritten on request', async () => {
    const answers: Record<string, { arguments: Record<string, unknown>; text: string }> = {};
    for (const [name, args] of Object.entries(EXAMPLE_ARGS)) {
      const a = args();
      const r = await callTool(client, name, a);
      expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
      expect(textOf(r).length, `${name} keeps to the text budget`).toBeLessThanOrEqual(TEXT_BUDGET + 400);
      answers[name] = { arguments: a, text: textOf(r) };
    }
    const file = path.join(process.cwd(), 'lib/mcp/examples.generated.json');
    if (process.env.WRITE_MCP_EXAMPLES === '1') fs.writeFileSync(file, `${JSON.stringify(answers, null, 2)}\n`);
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(Object.keys(recorded).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());
    for (const t of MCP_TOOLS) expect(recorded[t.name].text.length, t.name).toBeGreaterThan(10);
  });
});

describe('MCP: tenant isolation', () => {
  it("B's key sees only B: lists, summaries, documents and resources never include A", async () => {
    const skus = await allPages(clientB, 'list_skus', {});
    expect(skus.map((s) => s.id)).toEqual([skuB.id]);
    expect((await ok(clientB, 'readiness_summary', {})).totals.skus).toBe(1);
    expect((await ok(clientB, 'search_documents', {})).items.map((d: any) => d.id)).toEqual([docB.id]);
    expect((await ok(clientB, 'list_entities', {})).items).toEqual([]);
    expect((await ok(clientB, 'list_import_batches', {})).items).toEqual([]);
    expect((await ok(clientB, 'list_export_runs', {})).items).toEqual([]);
    expect((await ok(clientB, 'list_supplier_requests', {})).items).toEqual([]);
    for (const name of ['list_recall_alerts', 'list_recall_matches', 'list_recall_cases'])
      expect((await ok(clientB, name, {})).items, name).toEqual([]);
    expect((await ok(clientB, 'list_recall_cases', { sku_id: ready.id })).items).toEqual([]);
    // Templates are the product's, the same for every workspace; runs and requests are not.
    expect((await ok(clientB, 'list_export_templates', { limit: 100 })).items.length).toBe(listTemplates().length);
    for (const [name, args] of [
      ['get_sku', { sku_id: toy.id }],
      ['get_dossier', { sku_id: ready.id }],
      ['why_blocked', { sku_id: ready.id, market: 'DE' }],
      ['get_document', { document_id: docA.id }],
      ['get_import_batch', { batch_id: batchId }],
      ['list_supplier_requests', { sku_id: toy.id }],
      ['get_recall_alert', { alert_id: recall.alertId }],
      ['get_recall_match', { match_id: recall.matchId }],
      ['get_recall_case', { case_id: recall.caseId }],
    ] as const) {
      await toolError(clientB, name, args, /NOT_FOUND/);
    }
    // A's filter on its own SKU id gives B nothing, not A's documents.
    expect((await ok(clientB, 'search_documents', { sku_id: toy.id })).items).toEqual([]);
    await expect(clientB.readResource({ uri: `sku://${toy.id}` })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
    await expect(clientB.readResource({ uri: `document://${docA.id}` })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });
});

describe('MCP: protocol errors stay JSON-RPC', () => {
  it('unknown method: -32601 through the SDK and as a raw JSON-RPC error object', async () => {
    const err = await client.request({ method: 'skus/delete', params: {} }, z.object({})).catch((e) => e);
    expect(err).toBeInstanceOf(McpError);
    expect(err.code).toBe(ErrorCode.MethodNotFound);
    const res = await raw(server.url, {
      key: keyA,
      body: { jsonrpc: '2.0', id: 7, method: 'skus/delete', params: { id: toy.id } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 7, error: expect.objectContaining({ code: -32601 }) });
    expect(res.body.error_code).toBeUndefined();
  });

  it('bad params: -32602 at HTTP 200; a body the transport cannot read (bad JSON, not JSON-RPC, wrong type): the envelope', async () => {
    const noName = await raw(server.url, {
      key: keyA,
      body: { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { arguments: {} } },
    });
    expect(noName.body).toMatchObject({
      jsonrpc: '2.0',
      id: 'a',
      error: { code: -32602, message: expect.stringMatching(/name/) },
    });
    const promptName = await raw(server.url, {
      key: keyA,
      body: { jsonrpc: '2.0', id: 'p', method: 'prompts/get', params: { name: 42 } },
    });
    expect(promptName.body).toMatchObject({ jsonrpc: '2.0', id: 'p', error: { code: -32602 } });
    const badUri = await raw(server.url, {
      key: keyA,
      body: { jsonrpc: '2.0', id: 'b', method: 'resources/read', params: { uri: 'sku://not-a-uuid' } },
    });
    expect(badUri.body).toMatchObject({ jsonrpc: '2.0', id: 'b', error: { code: -32602 } });
    // A body the transport cannot read is an HTTP error, and every HTTP error is the contract's envelope.
    const notJson = await raw(server.url, { key: keyA, rawBody: '{"jsonrpc": "2.0", "method": ' });
    expect(expectEnvelope(notJson, 400, 'INVALID_JSON').details).toMatchObject({ jsonrpc_error: { code: -32700 } });
    expect(notJson.body.jsonrpc).toBeUndefined();
    const notRpc = await raw(server.url, { key: keyA, body: { hello: 'world' } });
    expect(expectEnvelope(notRpc, 400, 'VALIDATION_FAILED').message).toMatch(/JSON-RPC/);
    const wrongType = await fetch(server.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'text/plain', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    const wrongTypeBody = await wrongType.json();
    expect(wrongType.status).toBe(415);
    expect(wrongTypeBody).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' }, code: 'unsupported_media_type' });
    expect(wrongTypeBody.correlation_id).toEqual(expect.any(String));
    // Hostile text: a NUL byte is refused by the schema (never reaches Postgres); U+FFFD is plain text.
    const nul = await raw(server.url, {
      key: keyA,
      body: {
        jsonrpc: '2.0',
        id: 'c',
        method: 'tools/call',
        params: { name: 'list_skus', arguments: { q: 'a\u0000b' } },
      },
    });
    expect(nul.status).toBe(200);
    expect(nul.body.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/NUL/) }] });
    const replacement = await callTool(client, 'list_skus', { q: '\uFFFD\uD800' });
    expect(replacement.isError).toBeFalsy();
    expect(replacement.structuredContent.items).toEqual([]);
  });

  it('a plain JSON client (no streamable-HTTP Accept header) gets the JSON-RPC answer', async () => {
    const res = await raw(server.url, {
      key: keyA,
      headers: { accept: 'application/json' },
      body: { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'readiness_summary', arguments: {} } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      jsonrpc: '2.0',
      id: 9,
      result: { structuredContent: { totals: { skus: skuIdsA.length } } },
    });
    const noAccept = await fetch(server.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'ping' }),
    });
    expect(noAccept.status).toBe(200);
    expect(await noAccept.json()).toEqual({ jsonrpc: '2.0', id: 10, result: {} });
  });

  it("the contract's body: extra properties are allowed, an id may be null or any number; the answer carries the caller's id", async () => {
    // The SDK's JSON-RPC schemas are closed and integer-or-string only: these were 400 VALIDATION_FAILED.
    const extra = await raw(server.url, {
      key: keyA,
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list', trace_id: 'abc', params: {} },
    });
    expect(extra.status, extra.text).toBe(200);
    expect(extra.body).toMatchObject({ jsonrpc: '2.0', id: 1 });
    expect(extra.body.result.tools.length).toBe(MCP_TOOLS.length);
    const nullId = await raw(server.url, { key: keyA, body: { jsonrpc: '2.0', id: null, method: 'ping' } });
    expect(nullId.status, nullId.text).toBe(200);
    expect(nullId.body).toEqual({ jsonrpc: '2.0', id: null, result: {} });
    const batch = await raw(server.url, {
      key: keyA,
      body: [
        { jsonrpc: '2.0', id: 1.5, method: 'ping', note: 'x' },
        { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'readiness_summary', arguments: {} } },
      ],
    });
    expect(batch.status, batch.text).toBe(200);
    const ids = (batch.body as { id: unknown }[]).map((m) => m.id).sort();
    expect(ids).toEqual([1.5, 'b']);
    // A notification with extra properties is accepted too (202, no body).
    const note = await raw(server.url, {
      key: keyA,
      body: { jsonrpc: '2.0', method: 'notifications/initialized', extra: true },
    });
    expect(note.status).toBe(202);
    // Members inside params stay checked: an unknown prompt argument is invalid params naming it.
    const prompt = await raw(server.url, {
      key: keyA,
      body: {
        jsonrpc: '2.0',
        id: 'q',
        method: 'prompts/get',
        params: { name: 'audit_catalogue', arguments: { market: 'FR', colour: 'red' } },
      },
    });
    expect(prompt.body).toMatchObject({ id: 'q', error: { code: -32602, message: expect.stringMatching(/colour/) } });
    const { prompts } = await client.listPrompts();
    expect(prompts.find((p) => p.name === 'audit_catalogue')?.arguments).toEqual([
      expect.objectContaining({ name: 'market', required: true }),
    ]);
    const fine = await client.getPrompt({ name: 'audit_catalogue', arguments: { market: 'FR' } });
    expect(JSON.stringify(fine.messages)).toContain('market_readiness');
  });

  it('an unknown tool name is an error, never a 500', async () => {
    const r = await callTool(client, 'delete_sku', { sku_id: toy.id });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/delete_sku/);
  });
});

describe('MCP: authentication and rate limit (HTTP envelopes)', () => {
  it('no key, unknown key, revoked key, expired key: 401 envelope; a key without mcp:read: 403', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expectEnvelope(await raw(server.url, { body: init }), 401, 'UNAUTHORIZED');
    expectEnvelope(await raw(server.url, { method: 'GET' }), 401, 'UNAUTHORIZED');
    expectEnvelope(
      await raw(server.url, { key: 'cwk_live_0000000000000000000000000000000000000000', body: init }),
      401,
      'API_KEY_INVALID',
    );
    expectEnvelope(
      await raw(server.url, { key: keyA.slice(0, -2) + (keyA.endsWith('aa') ? 'bb' : 'aa'), body: init }),
      401,
      'API_KEY_INVALID',
    );

    const db = await getDb();
    const revoked = await keyFor(A, ['mcp:read'], 'to revoke');
    const c = await connectClient(server.url, revoked.key);
    await revokeApiKey(db, { workspaceId: A.workspaceId, id: revoked.id });
    await expect(c.listTools()).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/API_KEY_REVOKED/) });
    expectEnvelope(await raw(server.url, { key: revoked.key, body: init }), 401, 'API_KEY_REVOKED');

    const expired = await keyFor(A, ['mcp:read'], 'to expire');
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.id));
    expectEnvelope(await raw(server.url, { key: expired.key, body: init }), 401, 'API_KEY_EXPIRED');

    const skusOnly = await keyFor(A, ['skus:read'], 'skus only');
    const err = expectEnvelope(await raw(server.url, { key: skusOnly.key, body: init }), 403, 'INSUFFICIENT_SCOPE');
    expect(err.details).toEqual({ required_scope: 'mcp:read' });
  });

  it('is rate-limited like the API: over the limit, the 429 envelope with Retry-After', async () => {
    const limited = await keyFor(A, ['mcp:read'], 'limited');
    process.env.RATE_LIMIT_DEFAULT = '3';
    resetEnvCache();
    try {
      const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const results = await Promise.all(Array.from({ length: 5 }, () => raw(server.url, { key: limited.key, body })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      const over = results.find((r) => r.status === 429)!;
      expectEnvelope(over, 429, 'RATE_LIMITED');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      delete process.env.RATE_LIMIT_DEFAULT;
      resetEnvCache();
    }
  });
});

describe('MCP: read-only', () => {
  it('calling every tool (and the resources and the prompt), 25 of them at once, changes nothing in the database', async () => {
    const args = Object.fromEntries(Object.entries(VALID_ARGS).map(([name, a]) => [name, a()]));
    // A tool added to the registry must be added here too, so it is proven read-only.
    expect(Object.keys(args).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());

    const before = await databaseFingerprint([A.workspaceId, B.workspaceId], [A.id, B.id]);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'public.skus',
        'public.dossier_values',
        'public.documents',
        'public.audit_events',
        'public.job_runs',
      ]),
    );
    const calls = [
      ...Object.entries(args).map(
        ([name, a]) =>
          () =>
            ok(client, name, a),
      ),
      ...Object.entries(args).map(
        ([name, a]) =>
          () =>
            callTool(clientB, name, a),
      ),
      () => client.readResource({ uri: `sku://${ready.id}` }),
      () => client.readResource({ uri: `document://${docA.id}` }),
      () => client.getPrompt({ name: 'audit_catalogue', arguments: { market: 'DE' } }),
    ];
    expect(calls.length).toBeGreaterThanOrEqual(25);
    await Promise.all(calls.map((f) => f()));
    const after = await databaseFingerprint([A.workspaceId, B.workspaceId], [A.id, B.id]);
    expect(after).toEqual(before);

    // The fingerprint does see a one-character write (so the equality above means something).
    const db = await getDb();
    await db.execute(sql`UPDATE skus SET product_name = product_name || '.' WHERE id = ${skuB.id}`);
    const touched = await databaseFingerprint([A.workspaceId, B.workspaceId], [A.id, B.id]);
    expect(touched['public.skus'].hash).not.toBe(before['public.skus'].hash);
  });
});

describe('MCP Inspector CLI', () => {
  it('scripts/mcp-inspect.sh lists every tool against the running server', async () => {
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('sh', ['scripts/mcp-inspect.sh', server.url.toString(), 'tools/list'], {
        env: { ...process.env, MCP_API_KEY: keyA, HOME: process.env.DATA_DIR ?? process.env.HOME },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(out.code, out.stderr).toBe(0);
    const listed = JSON.parse(out.stdout);
    expect(listed.tools.map((t: any) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    expect(listed.tools.every((t: any) => t.annotations?.readOnlyHint === true)).toBe(true);
  }, 120_000);
});
