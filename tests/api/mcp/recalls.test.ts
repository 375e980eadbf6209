/**
 * The MCP market-watch tools with the SDK client: list_recall_alerts, list_recall_matches and
 * list_recall_cases page through everything exactly once and filter as the API does; get_recall_alert,
 * get_recall_match and get_recall_case say why (reasons side by side, the alert's evidence, the notice per
 * language); another workspace's alert, match or case is NOT_FOUND and its lists are empty; a key without
 * recalls:read (the API's scope for the same data) gets INSUFFICIENT_SCOPE from every one of them; the
 * inputs are closed (an unknown argument or a malformed id is an error).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createApiKey } from '@/lib/auth/api-keys';
import type { Scope } from '@/lib/auth/scopes';
import { getDb } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { useTestDatabase } from '../../helpers/db';
import { makeUser, type TestUser } from '../../helpers/http';
import { readySku, uniqueGtin, withTempBlobStore } from '../skus/fixtures';
import { decide, importFeed, listMatches } from '../recalls/helpers';
import { connectClient, startMcpHttpServer } from './harness';
import { openRecallForTest } from './recall-seed';

useTestDatabase();
withTempBlobStore();

const RECALL_TOOLS = [
  'list_recall_alerts',
  'get_recall_alert',
  'list_recall_matches',
  'get_recall_match',
  'list_recall_cases',
  'get_recall_case',
];

async function keyFor(u: TestUser, scopes: Scope[]) {
  const db = await getDb();
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, u.workspaceId));
  return (
    await createApiKey(db, {
      workspace: { id: ws.id, name: ws.name, plan: ws.plan as never },
      actor: { userId: u.id, apiKeyId: null, label: u.email },
      input: { name: scopes.join(' '), scopes },
    })
  ).key;
}

type ToolResult = { isError?: boolean; structuredContent?: any; content: { type: string; text?: string }[] };
const callTool = (c: Client, name: string, args: Record<string, unknown> = {}) =>
  c.callTool({ name, arguments: args }) as Promise<ToolResult>;
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');
async function ok(c: Client, name: string, args: Record<string, unknown> = {}) {
  const r = await callTool(c, name, args);
  expect(r.isError, textOf(r)).toBeFalsy();
  return { out: r.structuredContent, text: textOf(r) };
}
async function fails(c: Client, name: string, args: Record<string, unknown>, pattern: RegExp) {
  const r = await callTool(c, name, args);
  expect(r.isError, `${name} should fail`).toBe(true);
  expect(textOf(r)).toMatch(pattern);
}
async function allPages(c: Client, name: string, args: Record<string, unknown>) {
  const seen: any[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const { out } = await ok(c, name, { ...args, ...(cursor ? { cursor } : {}) });
    seen.push(...out.items);
    if (!out.has_more) return seen;
    expect(out.next_cursor).toEqual(expect.any(String));
    cursor = out.next_cursor;
  }
  throw new Error('paging did not end');
}

/** A weekly report with one notification per GTIN (each names a SKU of A by barcode, brand and model). */
const weekly = (gtins: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<weeklyReport><report_date>27/11/2026</report_date><report_year>2026</report_year><report_week>48</report_week>
${gtins
  .map(
    (
      g,
      i,
    ) => `<notifications><caseNumber>30${i}</caseNumber><reference>A12/0950${i}/26</reference><category>Kitchen equipment</category>
<product>Cutting board</product><brand>Holzwerk</brand><name>Bamboo cutting board</name><type_numberOfModel>CB-200</type_numberOfModel>
<barcode>${g}</barcode><riskType>Chemical</riskType><danger>Formaldehyde migrates into food.</danger>
<measures>Withdrawal of the product from the market</measures><notifyingCountry>Austria</notifyingCountry><level>Serious risk</level></notifications>`,
  )
  .join('\n')}
</weeklyReport>`;

let server: Awaited<ReturnType<typeof startMcpHttpServer>>;
let A: TestUser;
let B: TestUser;
let client: Client;
let clientB: Client;
let mcpOnly: Client;
let recall: Awaited<ReturnType<typeof openRecallForTest>>;
const skuIds: string[] = [];

beforeAll(async () => {
  server = await startMcpHttpServer(0);
  A = await makeUser({ plan: 'pro' });
  B = await makeUser();
  const gtins = [uniqueGtin(), uniqueGtin(), uniqueGtin()];
  for (const [i, gtin] of gtins.entries())
    skuIds.push((await readySku(A, { sku_code: `MW-${i}`, product_name: `Board ${i}`, gtin })).id);
  // Week 47 names the first SKU (confirmed, case opened); week 48 names the other two (open, and dismissed).
  recall = await openRecallForTest(A, skuIds[0]);
  const res = await importFeed(A, 'safety_gate', 'w48.xml', weekly(gtins.slice(1)));
  expect(res.status, res.text).toBe(201);
  const m2 = (await listMatches(A, { sku_id: skuIds[2] })).data[0];
  expect((await decide(A, m2.id, 'dismiss', 'Different board: our CB-200 is oak since 2025.')).status).toBe(200);
  // B has a SKU with the same brand and model, no alerts read: none of A's market watch is B's.
  await readySku(B, { sku_code: 'B-BOARD' });

  client = await connectClient(server.url, await keyFor(A, ['mcp:read', 'recalls:read']));
  clientB = await connectClient(server.url, await keyFor(B, ['mcp:read', 'recalls:read']));
  mcpOnly = await connectClient(server.url, await keyFor(A, ['mcp:read']));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await clientB?.close();
  await mcpOnly?.close();
  await server?.close();
});

describe('MCP market watch: lists page and filter', () => {
  it('list_recall_alerts: every alert once over pages of one, newest week first; feed and period filter', async () => {
    const alerts = await allPages(client, 'list_recall_alerts', { limit: 1 });
    expect(alerts.map((a) => a.reference)).toEqual(['A12/09500/26', 'A12/09501/26', 'A12/09001/26']);
    expect(alerts.map((a) => a.period)).toEqual(['2026-W48', '2026-W48', '2026-W47']);
    expect(alerts[2]).toMatchObject({ brand: 'Holzwerk', model: 'CB-200', risk_type: 'Chemical' });
    const w47 = await ok(client, 'list_recall_alerts', { period: '2026-W47' });
    expect(w47.out.items.map((a: any) => a.id)).toEqual([recall.alertId]);
    expect(w47.text).toContain('A12/09001/26');
    expect((await ok(client, 'list_recall_alerts', { feed: 'rappelconso' })).out.items).toEqual([]);
  });

  it('list_recall_matches: the inbox by status, strength and SKU, each match once over pages', async () => {
    // Three alerts on three SKUs of the same brand and model: per alert one strong match (its GTIN) and two
    // weak ones (same model, another GTIN), listed apart.
    const all = await allPages(client, 'list_recall_matches', { limit: 2 });
    expect(all).toHaveLength(9);
    expect(new Set(all.map((m) => m.id)).size).toBe(9);
    expect(all.slice(0, 3).every((m) => m.strength === 'strong' && m.signals.includes('gtin'))).toBe(true);
    expect(all.slice(3).every((m) => m.strength === 'weak')).toBe(true);
    const skusOf = async (args: Record<string, unknown>) =>
      (await ok(client, 'list_recall_matches', { strength: 'strong', ...args })).out.items.map((m: any) => m.sku.id);
    expect(await skusOf({ status: 'confirmed' })).toEqual([skuIds[0]]);
    expect(await skusOf({ status: 'open' })).toEqual([skuIds[1]]);
    expect(await skusOf({ status: 'dismissed' })).toEqual([skuIds[2]]);
    const mine = (await ok(client, 'list_recall_matches', { sku_id: skuIds[2] })).out.items;
    expect(mine).toHaveLength(3);
    expect(mine[0].decision_reason).toMatch(/oak/);
  });

  it('list_recall_cases: the case with its SKU recalled and the notice not yet published; filters', async () => {
    const { out, text } = await ok(client, 'list_recall_cases', {});
    expect(out.items).toEqual([
      expect.objectContaining({
        id: recall.caseId,
        action: 'recall',
        status: 'open',
        origin: 'match',
        alert_reference: 'A12/09001/26',
        skus: [{ id: skuIds[0], sku_code: 'MW-0', market_status: 'recalled' }],
        notice_published_at: null,
      }),
    ]);
    expect(text).toMatch(/MW-0 recalled/);
    expect((await ok(client, 'list_recall_cases', { status: 'closed' })).out.items).toEqual([]);
    expect((await ok(client, 'list_recall_cases', { sku_id: skuIds[1] })).out.items).toEqual([]);
    expect((await ok(client, 'list_recall_cases', { sku_id: skuIds[0] })).out.items).toHaveLength(1);
  });
});

describe('MCP market watch: one alert, match or case', () => {
  it('get_recall_alert: the evidence and the SKUs it matched', async () => {
    const { out, text } = await ok(client, 'get_recall_alert', { alert_id: recall.alertId });
    expect(out.alert).toMatchObject({ reference: 'A12/09001/26', risk_level: 'Serious risk', batch: 'B-11' });
    expect(out.alert.pictures).toHaveLength(1);
    expect(out.matches).toHaveLength(3);
    expect(out.matches[0]).toMatchObject({ id: recall.matchId, status: 'confirmed', strength: 'strong' });
    expect(out.matches.slice(1).map((m: any) => m.strength)).toEqual(['weak', 'weak']);
    expect(text).toMatch(/formaldehyde/);
    expect(text).toContain('MW-0');
  });

  it("get_recall_match: each reason side by side, the alert's measures, the decision and its case", async () => {
    const { out, text } = await ok(client, 'get_recall_match', { match_id: recall.matchId });
    const gtin = out.reasons.find((r: any) => r.signal === 'gtin');
    expect(gtin.alert_value.replace(/^0+/, '')).toBe(out.sku.gtin.replace(/^0+/, ''));
    expect(out).toMatchObject({ status: 'confirmed', case_id: recall.caseId });
    expect(text).toMatch(/gtin: alert .* vs SKU/);
    expect(text).toContain('Recall of the product from end users');
    expect(text).toContain('batch B-11 was sold');
  });

  it('get_recall_case: SKUs with market status, the notice per language, the hazard', async () => {
    const { out, text } = await ok(client, 'get_recall_case', { case_id: recall.caseId });
    expect(out.hazard).toMatch(/formaldehyde/);
    expect(Object.keys(out.notice.languages)).toEqual(['de']);
    expect(out.notice.languages.de.title.length).toBeGreaterThan(5);
    expect(text).toMatch(/Notice not published: de "/);
    expect(text).toContain('MW-0 recalled');
  });
});

describe('MCP market watch: isolation, scope and closed inputs', () => {
  it("another workspace's alert, match and case are NOT_FOUND; its lists are empty", async () => {
    await fails(clientB, 'get_recall_alert', { alert_id: recall.alertId }, /NOT_FOUND/);
    await fails(clientB, 'get_recall_match', { match_id: recall.matchId }, /NOT_FOUND/);
    await fails(clientB, 'get_recall_case', { case_id: recall.caseId }, /NOT_FOUND/);
    for (const name of ['list_recall_alerts', 'list_recall_matches', 'list_recall_cases'])
      expect((await ok(clientB, name, {})).out.items, name).toEqual([]);
    expect((await ok(clientB, 'list_recall_cases', { sku_id: skuIds[0] })).out.items).toEqual([]);
    // An unknown id of the right form is NOT_FOUND in A too.
    await fails(client, 'get_recall_case', { case_id: '00000000-0000-4000-8000-000000000000' }, /NOT_FOUND/);
  });

  it('a key without recalls:read gets INSUFFICIENT_SCOPE from each tool; the metadata names the scope', async () => {
    const args: Record<string, Record<string, unknown>> = {
      get_recall_alert: { alert_id: recall.alertId },
      get_recall_match: { match_id: recall.matchId },
      get_recall_case: { case_id: recall.caseId },
    };
    for (const name of RECALL_TOOLS) await fails(mcpOnly, name, args[name] ?? {}, /INSUFFICIENT_SCOPE.*recalls:read/);
    // The other tools still answer the same key.
    expect((await callTool(mcpOnly, 'list_skus', {})).isError).toBeFalsy();
    const tools = (await mcpOnly.listTools()).tools.filter((t) => RECALL_TOOLS.includes(t.name));
    expect(tools.map((t) => t.name).sort()).toEqual([...RECALL_TOOLS].sort());
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const meta = await fetch(server.url, { headers: { authorization: `Bearer ${await keyFor(A, ['mcp:read'])}` } });
    const body = await meta.json();
    expect(body.tools.find((t: any) => t.name === 'get_recall_case').scopes).toEqual(['mcp:read', 'recalls:read']);
    expect(body.tools.find((t: any) => t.name === 'list_skus').scopes).toEqual(['mcp:read']);
  });

  it('an unknown argument or a malformed id is an error naming it', async () => {
    const r = await callTool(client, 'list_recall_matches', { alert: 'A12/09001/26' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/alert/);
    const bad = await callTool(client, 'get_recall_match', { match_id: 'not-a-uuid' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/match_id/);
    await fails(client, 'list_recall_alerts', { cursor: 'nonsense' }, /cursor/);
  });
});
