/**
 * MCP passport tools with the official SDK client: list_passports lists a published battery SKU's versions
 * with formats, hashes and the battery passport's own blockers (Annex XIII points); get_passport returns the
 * stored document (its sha256 is the served document's), the public tier to any mcp:read key, a higher tier
 * only to a key whose scopes open it; unknown arguments, versions and other workspaces' SKUs are tool errors.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as publicVersion from '@/app/p/[publicId]/passport/[version]/route';
import { createApiKey } from '@/lib/auth/api-keys';
import type { Scope } from '@/lib/auth/scopes';
import { getDb } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { useTestDatabase } from '../../helpers/db';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { readySku, withTempBlobStore } from '../skus/fixtures';
import { publishedBatterySku } from '../passports/fixtures';
import { connectClient, startMcpHttpServer } from './harness';

useTestDatabase();
withTempBlobStore();

async function keyFor(u: TestUser, scopes: Scope[]) {
  const db = await getDb();
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, u.workspaceId));
  const k = await createApiKey(db, {
    workspace: { id: ws.id, name: ws.name, plan: ws.plan as never },
    actor: { userId: u.id, apiKeyId: null, label: u.email },
    input: { name: scopes.join(' '), scopes },
  });
  return k.key;
}

type ToolResult = { isError?: boolean; structuredContent?: any; content: { type: string; text?: string }[] };
const callTool = (c: Client, name: string, args: Record<string, unknown>) =>
  c.callTool({ name, arguments: args }) as Promise<ToolResult>;
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');
const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

let server: Awaited<ReturnType<typeof startMcpHttpServer>>;
let A: TestUser;
let B: TestUser;
let battery: { id: string; publicId: string };
let unpublished: { id: string };
let mcpOnly: Client;
let withPassports: Client;
let clientB: Client;

beforeAll(async () => {
  server = await startMcpHttpServer(0);
  A = await makeUser({ plan: 'pro' });
  B = await makeUser({ plan: 'pro' });
  battery = await publishedBatterySku(A, {
    battery_category: 'lmt',
    battery_chemistry: 'NMC',
    battery_rated_capacity_ah: '14 Ah',
    battery_nominal_voltage_v: '48 V',
    operator_identifier: 'DE123456789',
  });
  unpublished = await readySku(A, { sku_code: 'MCP-PASS-NONE' });
  mcpOnly = await connectClient(server.url, await keyFor(A, ['mcp:read']));
  withPassports = await connectClient(server.url, await keyFor(A, ['mcp:read', 'passports:read']));
  clientB = await connectClient(server.url, await keyFor(B, ['mcp:read', 'passports-authority:read']));
});

afterAll(async () => {
  await Promise.all([mcpOnly?.close(), withPassports?.close(), clientB?.close()]);
  await server?.close();
});

describe('MCP passport tools', () => {
  it('tools/list has list_passports and get_passport, read-only, with closed inputs', async () => {
    const { tools } = await mcpOnly.listTools();
    for (const name of ['list_passports', 'get_passport']) {
      const t = tools.find((x) => x.name === name)!;
      expect(t, name).toBeDefined();
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.inputSchema.additionalProperties).toBe(false);
      expect(t.outputSchema).toBeDefined();
    }
  });

  it('list_passports: versions with formats, hash, public URLs and the battery passport blockers with their Annex XIII point', async () => {
    const r = await callTool(mcpOnly, 'list_passports', { sku_id: battery.id });
    expect(r.isError, textOf(r)).toBeFalsy();
    const out = r.structuredContent;
    expect(out.readable_tier).toBe('public');
    expect(out.items).toHaveLength(1);
    const v = out.items[0];
    expect(v).toMatchObject({ version: 1, revision: 1, latest: true, formats: ['untp_dpp', 'battery_pass'] });
    expect(v.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(v.public_urls.battery_pass).toMatch(new RegExp(`/p/${battery.publicId}/passport/1\\?format=battery_pass$`));
    // The dossier has no carbon footprint: the passport names it with its point of Annex XIII.
    expect(v.complete).toBe(false);
    expect(v.blockers).toContainEqual(
      expect.objectContaining({ field: 'CarbonFootprintForBatteries.batteryCarbonFootprint', annex_xiii: '1(c)' }),
    );
    expect(textOf(r)).toContain('Annex XIII 1(c)');
    expect(
      (await callTool(withPassports, 'list_passports', { sku_id: battery.id })).structuredContent.readable_tier,
    ).toBe('legitimate_interest');
    const none = await callTool(mcpOnly, 'list_passports', { sku_id: unpublished.id });
    expect(none.structuredContent.items).toEqual([]);
    expect(textOf(none)).toMatch(/No passport/);
  });

  it('get_passport: the stored public document, the same bytes (sha256) the public URL serves', async () => {
    const r = await callTool(mcpOnly, 'get_passport', { sku_id: battery.id, format: 'battery_pass' });
    expect(r.isError, textOf(r)).toBeFalsy();
    const p = r.structuredContent.passport;
    expect(p).toMatchObject({ version: 1, revision: 1, latest: true, format: 'battery_pass', tier: 'public' });
    expect(p.document.modules.GeneralProductInformation.batteryCategory).toBe('lmt');
    const served = await call(publicVersion, 'GET', `/p/${battery.publicId}/passport/1`, {
      params: { publicId: battery.publicId, version: '1' },
      query: { format: 'battery_pass' },
    });
    expect(served.status, served.text).toBe(200);
    expect(p.sha256).toBe(sha(served.text));
    expect(p.document).toEqual(served.body);
    expect(textOf(r)).toContain(p.sha256);

    const untp = (await callTool(mcpOnly, 'get_passport', { sku_id: battery.id, version: 1 })).structuredContent
      .passport;
    expect(untp.format).toBe('untp_dpp');
    expect(untp.document.type).toContain('DigitalProductPassport');
  });

  it('a tier above public needs the scope that opens it; with it, the higher tier holds more than the public one', async () => {
    const refused = await callTool(mcpOnly, 'get_passport', {
      sku_id: battery.id,
      format: 'battery_pass',
      tier: 'legitimate_interest',
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/INSUFFICIENT_SCOPE/);
    const li = await callTool(withPassports, 'get_passport', {
      sku_id: battery.id,
      format: 'battery_pass',
      tier: 'legitimate_interest',
    });
    expect(li.isError, textOf(li)).toBeFalsy();
    const pub = await callTool(withPassports, 'get_passport', { sku_id: battery.id, format: 'battery_pass' });
    expect(li.structuredContent.passport.sha256).not.toBe(pub.structuredContent.passport.sha256);
    expect(JSON.stringify(li.structuredContent.passport.document).length).toBeGreaterThan(
      JSON.stringify(pub.structuredContent.passport.document).length,
    );
    const authority = await callTool(withPassports, 'get_passport', { sku_id: battery.id, tier: 'authority' });
    expect(authority.isError).toBe(true);
    expect(textOf(authority)).toMatch(/INSUFFICIENT_SCOPE/);
  });

  it('no passport yet is an answer; an unknown version, argument or format, and another workspace, are tool errors', async () => {
    const none = await callTool(mcpOnly, 'get_passport', { sku_id: unpublished.id });
    expect(none.isError, textOf(none)).toBeFalsy();
    expect(none.structuredContent.passport).toBeNull();
    expect(textOf(none)).toMatch(/no passport yet/);

    const v9 = await callTool(mcpOnly, 'get_passport', { sku_id: battery.id, version: 9 });
    expect(v9.isError).toBe(true);
    expect(textOf(v9)).toMatch(/NOT_FOUND/);
    const portable = await callTool(mcpOnly, 'get_passport', { sku_id: unpublished.id, version: 1 });
    expect(textOf(portable)).toMatch(/NOT_FOUND/);
    const extra = await callTool(mcpOnly, 'get_passport', { sku_id: battery.id, public_id: battery.publicId });
    expect(extra.isError).toBe(true);
    expect(textOf(extra)).toMatch(/public_id/);
    const badFormat = await callTool(mcpOnly, 'get_passport', { sku_id: battery.id, format: 'pdf' });
    expect(badFormat.isError).toBe(true);

    // B's key, even with the authority scope, reads nothing of A.
    for (const name of ['list_passports', 'get_passport']) {
      const r = await callTool(clientB, name, { sku_id: battery.id });
      expect(r.isError, name).toBe(true);
      expect(textOf(r)).toMatch(/NOT_FOUND/);
    }
  });
});
