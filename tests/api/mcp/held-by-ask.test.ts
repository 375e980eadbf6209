/**
 * Whom to ask under the seller's role, through the official SDK client: for a distributor, the
 * manufacturer's risk analysis is a duty it need not hold itself ("held by", GPSR Art. 12); get_sku and
 * why_blocked name the linked manufacturer as the one to ask for the confirmation that it holds the
 * analysis and makes it available on request (it was "your team: resolve it in the app"). Once a person
 * records "held by", the duty is gone from both answers.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as workspaceRoleRoute from '@/app/api/workspace/operator-role/route';
import * as heldByRoute from '@/app/api/skus/[id]/held-by/route';
import { createApiKey } from '@/lib/auth/api-keys';
import { getDb } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { useTestDatabase } from '../../helpers/db';
import { call, makeUser, type TestUser } from '../../helpers/http';
import {
  createEntity,
  createSku,
  EU_MANUFACTURER,
  link,
  setFields,
  uniqueGtin,
  withTempBlobStore,
} from '../skus/fixtures';
import { connectClient, startMcpHttpServer } from './harness';

useTestDatabase();
withTempBlobStore();

type ToolResult = { isError?: boolean; structuredContent?: any; content: { type: string; text?: string }[] };
const callTool = (c: Client, name: string, args: Record<string, unknown>) =>
  c.callTool({ name, arguments: args }) as Promise<ToolResult>;
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

let server: Awaited<ReturnType<typeof startMcpHttpServer>>;
let u: TestUser;
let client: Client;
let sku: { id: string };
let manufacturer: { id: string };

beforeAll(async () => {
  server = await startMcpHttpServer(0);
  u = await makeUser({ plan: 'pro' });
  const role = await call(workspaceRoleRoute, 'PUT', '/api/workspace/operator-role', {
    cookie: u.cookie,
    body: { operator_role: 'distributor' },
  });
  expect(role.status, role.text).toBe(200);
  // A general product complete except the manufacturer's risk analysis.
  sku = await createSku(u, {
    sku_code: `HB-${crypto.randomUUID().slice(0, 8)}`,
    product_name: 'Bamboo cutting board',
    gtin: uniqueGtin(),
  });
  await setFields(u, sku.id, {
    model_number: 'CB-200',
    product_image_url: 'https://images.example/cb-200.jpg',
    product_description: 'Cutting board made of bamboo, 30 x 20 cm.',
    target_markets: 'DE',
    safety_warnings_de: 'Nicht in der Spülmaschine reinigen.',
    instructions_de: 'Vor dem ersten Gebrauch mit Öl einreiben.',
  });
  manufacturer = await createEntity(u, { ...EU_MANUFACTURER, name: 'Holzwerk Held GmbH' });
  await link(u, sku.id, 'manufacturer', manufacturer.id);
  const db = await getDb();
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, u.workspaceId));
  const key = await createApiKey(db, {
    workspace: { id: ws.id, name: ws.name, plan: ws.plan as never },
    actor: { userId: u.id, apiKeyId: null, label: u.email },
    input: { name: 'mcp', scopes: ['mcp:read'] },
  });
  client = await connectClient(server.url, key.key);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('whom to ask for a duty held by another operator', () => {
  it('get_sku and why_blocked ask the manufacturer to confirm it holds the risk analysis, until "held by" is recorded', async () => {
    const got = await callTool(client, 'get_sku', { sku_id: sku.id });
    expect(got.isError, textOf(got)).toBeFalsy();
    const held = got.structuredContent.blockers.find((b: any) => b.fix?.kind === 'held_by');
    expect(held, JSON.stringify(got.structuredContent.blockers)).toBeDefined();
    expect(held.ask).toMatchObject({
      party: 'operator',
      role: 'manufacturer',
      entity_id: manufacturer.id,
      name: 'Holzwerk Held GmbH',
      what: expect.stringMatching(/^confirmation that it holds Risk assessment and makes it available on request/),
    });
    expect(textOf(got)).toContain('ask Holzwerk Held GmbH (manufacturer');

    const why = await callTool(client, 'why_blocked', { sku_id: sku.id, market: 'DE' });
    expect(why.isError, textOf(why)).toBeFalsy();
    const warned = [...why.structuredContent.blockers, ...why.structuredContent.warnings].find(
      (b: any) => b.code === held.code,
    );
    expect(warned.ask).toMatchObject({ party: 'operator', entity_id: manufacturer.id });
    expect(textOf(why)).toMatch(/ask Holzwerk Held GmbH \(manufacturer[^)]*\) for: confirmation that it holds/);

    const rec = await call(heldByRoute, 'POST', `/api/skus/${sku.id}/held-by`, {
      cookie: u.cookie,
      params: { id: sku.id },
      body: { rule_id: held.fix.target, entity_id: manufacturer.id, note: 'Manufacturer letter' },
    });
    expect(rec.status, rec.text).toBe(201);
    const after = await callTool(client, 'get_sku', { sku_id: sku.id });
    expect(after.structuredContent.blockers.find((b: any) => b.fix?.kind === 'held_by')).toBeUndefined();
  });
});
