/**
 * Product research with the provider's web search keeps only cited findings whose snippet is on the fetched page,
 * drops invalid GTINs, and never fetches a private address in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { aiUsage } from '@/lib/db/schema';
import * as researchRoute from '@/app/api/research/product/route';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku, withTempBlobStore } from '../skus/fixtures';
import { skuWithDoc } from './helpers';

/**
 * The provider's web search as a research source, through the real @ai-sdk/openai Responses client
 * against a loopback server speaking POST /v1/responses (web_search_call + message with url_citation
 * annotations), and a second loopback server serving the cited product page.
 */

useTestDatabase();
withTempBlobStore();

const PAGE = `<!doctype html><html><head><title>TR-100 | Holzwerk catalogue</title></head><body>
<h1>Wooden toy train TR-100</h1><p>EAN 4006381333931 · 12 wooden parts, water-based paint.</p>
<p>Shipped from Bavaria.</p></body></html>`;

interface Lead {
  field: string;
  value: string;
  url: string;
  snippet: string;
}

let page: http.Server;
let pageUrl = '';
let pageHits = 0;
let ai: http.Server;
let aiUrl = '';
let responsesRequests: any[] = [];
let chatRequests = 0;
/** what /v1/responses answers: the leads the model "writes" and the URLs it cites, or an HTTP error */
let reply: { leads?: Lead[]; cite?: string[]; status?: number; delayMs?: number } = {};

function responsesBody(leads: Lead[], cite: string[]) {
  const text = JSON.stringify({
    findings: leads.map((l) => ({ ...l, confidence: 0.9, reasoning: 'On the product page.' })),
  });
  return {
    id: 'resp_1',
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model: 'stub-model',
    output: [
      {
        type: 'web_search_call',
        id: 'ws_1',
        status: 'completed',
        action: { type: 'search', query: 'Holzwerk TR-100 EAN' },
      },
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [
          {
            type: 'output_text',
            text,
            annotations: cite.map((url) => ({
              type: 'url_citation',
              start_index: 0,
              end_index: text.length,
              url,
              title: 'TR-100',
            })),
          },
        ],
      },
    ],
    incomplete_details: null,
    usage: {
      input_tokens: 700,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 60,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 760,
    },
  };
}

beforeAll(async () => {
  page = http.createServer((req, res) => {
    pageHits++;
    if (req.url === '/catalogue/tr-100') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/catalogue/tr-100`;

  ai = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      if (req.url === '/v1/chat/completions') {
        // The model reading the documents finds nothing: only the web search can.
        chatRequests++;
        const content = JSON.stringify({ findings: [] });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            created: 1,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
        return;
      }
      if (req.url !== '/v1/responses') return void res.writeHead(404).end();
      responsesRequests.push(body);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      if (reply.status)
        return void res
          .writeHead(reply.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(responsesBody(reply.leads ?? [], reply.cite ?? [])));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
  process.env.ALLOW_LOOPBACK_FETCH = 'true';
  resetEnvCache();
});

const AI_VARS = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_MODEL', 'AI_WEB_SEARCH', 'AI_TIMEOUT_MS'];
afterAll(async () => {
  for (const k of [...AI_VARS, 'ALLOW_LOOPBACK_FETCH']) delete process.env[k];
  resetEnvCache();
  for (const s of [page, ai]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});
beforeEach(() => {
  delete process.env.AI_TIMEOUT_MS;
  Object.assign(process.env, {
    OPENAI_API_KEY: 'sk-test-loopback',
    OPENAI_BASE_URL: aiUrl,
    AI_MODEL: 'stub-model',
    AI_WEB_SEARCH: 'true',
  });
  responsesRequests = [];
  chatRequests = 0;
  pageHits = 0;
  reply = {};
});

const research = (u: TestUser, body: unknown) =>
  call(researchRoute, 'POST', '/api/research/product', { cookie: u.cookie, body });
const pageText = () => PAGE.replace(/<[^>]+>/g, ' ');

describe('POST /api/research/product with the provider web search', () => {
  it('keeps a cited finding whose snippet occurs on the fetched page, drops a fabricated snippet and an uncited URL; the answer is cached', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'WS-1', product_name: 'Wooden toy train' });
    const other = pageUrl.replace('/catalogue/tr-100', '/catalogue/other');
    reply = {
      cite: [pageUrl],
      leads: [
        { field: 'ean', value: '4006381333931', url: pageUrl, snippet: 'EAN 4006381333931 · 12 wooden parts' },
        { field: 'hs_code', value: '95030070', url: pageUrl, snippet: 'Customs tariff number 9503 00 70' },
        { field: 'product_category', value: 'Wooden toys', url: other, snippet: 'Category: Wooden toys' },
      ],
    };
    const body = { sku_id: sku.id, fields_to_research: ['ean', 'hs_code', 'product_category'] };
    const r = await research(u, body);
    expect(r.status, r.text).toBe(200);
    expect(r.body.findings).toEqual([
      expect.objectContaining({
        field: 'ean',
        suggested_value: '4006381333931',
        source_url: pageUrl,
        source_snippet: 'EAN 4006381333931 · 12 wooden parts',
      }),
    ]);
    expect(pageText()).toContain(r.body.findings[0].source_snippet);
    expect(r.body).toMatchObject({
      status: 'partial',
      provider_available: true,
      fields: [
        { field: 'ean', status: 'found' },
        { field: 'hs_code', status: 'not_found' },
        { field: 'product_category', status: 'not_found' },
      ],
      web_search: { status: 'used', pages_checked: 1, findings_dropped: 2 },
    });
    expect(r.body.sources).toContainEqual({ kind: 'web_search', url: pageUrl });
    // The real client asked for the web_search tool on the Responses API, for the open fields only.
    expect(responsesRequests).toHaveLength(1);
    expect(responsesRequests[0].tools).toEqual([expect.objectContaining({ type: 'web_search' })]);
    expect(JSON.stringify(responsesRequests[0].input)).toContain('Requested fields: ean, hs_code, product_category');
    expect(pageHits).toBe(1); // the uncited URL was never fetched
    const db = await getDb();
    expect(await db.select().from(aiUsage).where(eq(aiUsage.workspaceId, u.workspaceId))).toMatchObject([
      { operation: 'product_research_web', inputTokens: 700, outputTokens: 60 },
    ]);

    const again = await research(u, body);
    expect(again.body).toEqual({ ...r.body, cached: true });
    expect(responsesRequests).toHaveLength(1);
    expect(pageHits).toBe(1);
  });

  it('an EAN with a wrong check digit is dropped even when its snippet is on the page', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'WS-2', product_name: 'Wooden toy train' });
    reply = {
      cite: [pageUrl],
      leads: [{ field: 'ean', value: '4006381333932', url: pageUrl, snippet: 'EAN 4006381333931' }],
    };
    const r = await research(u, { sku_id: sku.id, fields_to_research: ['ean'] });
    expect(r.body).toMatchObject({
      findings: [],
      status: 'not_found',
      web_search: { status: 'used', findings_dropped: 1 },
    });
  });

  it('in production mode a cited loopback page is refused by safeFetch: no request reaches it, nothing kept', async () => {
    process.env.ALLOW_LOOPBACK_FETCH = 'false';
    resetEnvCache();
    try {
      const u = await makeUser();
      const sku = await createSku(u, { sku_code: 'WS-3', product_name: 'Wooden toy train' });
      reply = {
        cite: [pageUrl, 'http://10.0.0.7/tr-100'],
        leads: [
          { field: 'ean', value: '4006381333931', url: pageUrl, snippet: 'EAN 4006381333931' },
          { field: 'hs_code', value: '95030070', url: 'http://10.0.0.7/tr-100', snippet: 'HS 9503 00 70' },
        ],
      };
      // The provider itself is on loopback too, but it is reached by the SDK, not through safeFetch.
      const r = await research(u, { sku_id: sku.id, fields_to_research: ['ean', 'hs_code'] });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({
        findings: [],
        status: 'not_found',
        web_search: { status: 'used', findings_dropped: 2 },
      });
      expect(pageHits).toBe(0);
    } finally {
      process.env.ALLOW_LOOPBACK_FETCH = 'true';
      resetEnvCache();
    }
  });

  it('a provider error leaves the documents answering, the reason recorded and the open fields search_failed', async () => {
    const u = await makeUser();
    const { sku } = await skuWithDoc(u, { code: 'WS-4', pages: ['Test report 17-0042', 'EAN: 4006381333931'] });
    reply = { status: 500 };
    const r = await research(u, { sku_id: sku.id, fields_to_research: ['ean', 'hs_code'] });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      status: 'partial',
      findings: [expect.objectContaining({ field: 'ean', suggested_value: '4006381333931' })],
      fields: [
        { field: 'ean', status: 'found' },
        { field: 'hs_code', status: 'error', error: 'search_failed' },
      ],
      web_search: { status: 'failed', reason: 'provider_error' },
    });
    expect(chatRequests).toBe(1);
    expect(responsesRequests.length).toBeGreaterThanOrEqual(1);
  });

  it('a provider that does not answer within AI_TIMEOUT_MS: the request still answers, the reason is timeout', async () => {
    process.env.AI_TIMEOUT_MS = '300';
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'WS-7', product_name: 'Wooden toy train' });
    reply = {
      delayMs: 3_000,
      cite: [pageUrl],
      leads: [{ field: 'ean', value: '4006381333931', url: pageUrl, snippet: 'EAN 4006381333931' }],
    };
    const started = Date.now();
    const r = await research(u, { sku_id: sku.id, fields_to_research: ['ean'] });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      findings: [],
      fields: [{ field: 'ean', status: 'error', error: 'search_failed' }],
      web_search: { status: 'failed', reason: 'timeout' },
    });
    expect(pageHits).toBe(0);
  });

  it('is not used when not configured, nor when the other sources found every field', async () => {
    const u = await makeUser();
    delete process.env.AI_WEB_SEARCH;
    const a = await createSku(u, { sku_code: 'WS-5', product_name: 'Wooden toy train' });
    const r = await research(u, { sku_id: a.id, fields_to_research: ['ean'] });
    expect(r.body).toMatchObject({ findings: [], status: 'not_found', web_search: { status: 'disabled' } });

    process.env.AI_WEB_SEARCH = 'true';
    const { sku } = await skuWithDoc(u, { code: 'WS-6', pages: ['EAN: 4006381333931'] });
    const done = await research(u, { sku_id: sku.id, fields_to_research: ['ean'] });
    expect(done.body).toMatchObject({
      status: 'complete',
      web_search: { status: 'skipped', reason: 'all_fields_found' },
    });
    expect(responsesRequests).toHaveLength(0);
  });
});
