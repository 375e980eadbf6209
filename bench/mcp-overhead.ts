/**
 * What the stateless MCP endpoint costs per call: POST /api/mcp tools/call list_skus (a fresh SDK
 * server and transport per request, JSON-RPC parsing, output-schema validation) against the same page
 * read through GET /api/skus with the same Bearer key, as the baseline, both through the route
 * handlers in-process (no socket), interleaved in rounds on one seeded database.
 *
 *   npx tsx bench/mcp-overhead.ts [--calls 200] [--rounds 3] [--skus 2000] [--limit 50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/mcp-overhead.ts
 */
import '@/lib/polyfills';
import { numberArg, openBenchDatabase } from './harness';

const CALLS = numberArg('calls', 200);
const ROUNDS = numberArg('rounds', 3);
const SKU_COUNT = numberArg('skus', 2000);
const LIMIT = numberArg('limit', 50);

process.env.RATE_LIMIT_DEFAULT = '1000000000';
process.env.RATE_LIMIT_IP = '1000000000';
process.env.JOBS_IN_PROCESS = 'false';
process.env.SUPABASE_JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123456789';

async function main() {
  const bench = await openBenchDatabase({ tag: 'mcp', poolSize: 10 });
  const label = bench.label;
  const dropScratch = bench.close;
  const db = bench.handle.db;
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { createApiKey } = await import('@/lib/auth/api-keys');
  const { skus } = await import('@/lib/db/schema');
  const user = await createLocalUser(db, {
    email: `bench-${Date.now()}@example.test`,
    password: 'correct horse battery',
  });
  const m = await ensureWorkspace(db, { user });
  const key = (
    await createApiKey(db, {
      workspace: m.workspace,
      actor: { userId: user.id, apiKeyId: null, label: user.email },
      input: { name: 'bench', scopes: ['skus:read', 'mcp:read'] },
    })
  ).key;
  const base = Date.now();
  for (let start = 0; start < SKU_COUNT; start += 1000) {
    await db.insert(skus).values(
      Array.from({ length: Math.min(1000, SKU_COUNT - start) }, (_, j) => ({
        workspaceId: m.workspace.id,
        skuCode: `SKU-${start + j}`,
        productName: `Product ${start + j}`,
        createdAt: new Date(base - (start + j) * 1000),
      })),
    );
  }

  const skusRoute = await import('@/app/api/skus/route');
  const mcpRoute = await import('@/app/api/mcp/route');
  const ctx = { params: Promise.resolve({}) };
  const auth = { authorization: `Bearer ${key}` };
  const rest = async () => {
    const res = await skusRoute.GET(new Request(`http://127.0.0.1/api/skus?limit=${LIMIT}`, { headers: auth }), ctx);
    const body = await res.json();
    if (res.status !== 200 || body.data.length !== LIMIT) throw new Error(`REST answered ${res.status}`);
  };
  let id = 0;
  const mcp = async () => {
    const res = await mcpRoute.POST(
      new Request('http://127.0.0.1/api/mcp', {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: ++id,
          method: 'tools/call',
          params: { name: 'list_skus', arguments: { limit: LIMIT } },
        }),
      }),
      ctx,
    );
    const body = await res.json();
    if (res.status !== 200 || body.result?.structuredContent?.items?.length !== LIMIT)
      throw new Error(`MCP answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  };

  const times: Record<'rest' | 'mcp', number[]> = { rest: [], mcp: [] };
  const measure = async (name: 'rest' | 'mcp', f: () => Promise<void>) => {
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await f();
      times[name].push(performance.now() - t);
    }
  };
  for (let i = 0; i < 20; i++) await Promise.all([rest(), mcp()]); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      await measure('rest', rest);
      await measure('mcp', mcp);
    } else {
      await measure('mcp', mcp);
      await measure('rest', rest);
    }
  }
  const q = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const row = (name: string, xs: number[]) =>
    `  ${name.padEnd(44)} median ${q(xs, 0.5).toFixed(2).padStart(6)} ms   p95 ${q(xs, 0.95).toFixed(2).padStart(6)} ms   (${xs.length} calls)`;
  console.log(
    `\n${label}, ${SKU_COUNT} SKUs, pages of ${LIMIT}, ${ROUNDS} interleaved rounds of ${CALLS} sequential calls each:`,
  );
  console.log(row('baseline GET /api/skus (Bearer)', times.rest));
  console.log(row('MCP tools/call list_skus (Bearer)', times.mcp));
  console.log(
    `  MCP overhead per call: median +${(q(times.mcp, 0.5) - q(times.rest, 0.5)).toFixed(2)} ms (x${(q(times.mcp, 0.5) / q(times.rest, 0.5)).toFixed(2)})`,
  );
  await dropScratch();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
