/**
 * The process the outbox crash test kills (tests/api/outreach/outbox-crash.test.ts).
 *
 *   send                create a user, a toy SKU with its German manufacturer, then POST the request mail
 *                       to the real send route handler; prints "READY <workspaceId>" before sending and
 *                       "DONE <http status>" if it ever finishes (the test kills it while the mail server
 *                       holds back its answer).
 *   reconcile <workspaceId>
 *                       what a restarted app does within a minute (the outreach.outbox schedule): prints
 *                       "RESULT <json>" with the workspace's requests after one reconciliation, whether
 *                       each one's upload link answers, and their timelines.
 *
 * Database: DATABASE_URL, or a file-backed PGlite in $DATA_DIR/pglite seeded from CRASH_PGLITE_SNAPSHOT.
 */
import '@/lib/polyfills';
import { crashChildWorkspace, openCrashChildDatabase, runCrashChild, tellParent } from './crash-child';

const openDatabase = openCrashChildDatabase;

const origin = () => process.env.PUBLIC_APP_URL ?? 'http://127.0.0.1:3100';

async function callRoute(
  mod: { POST?: unknown; PUT?: unknown },
  method: 'POST' | 'PUT',
  url: string,
  cookie: string,
  body: unknown,
  params: Record<string, string> = {},
) {
  const handler = (mod as Record<string, (req: Request, ctx: unknown) => Promise<Response>>)[method];
  const res = await handler(
    new Request(new URL(url, origin()), {
      method,
      headers: { cookie, origin: origin(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function send() {
  await openDatabase();
  const { signAccessToken } = await import('@/lib/auth/tokens');
  const { user, workspace } = await crashChildWorkspace({ email: `outbox-crash-${Date.now()}@example.test` });
  const { token } = await signAccessToken(user);
  const cookie = `sb-access-token=${token}`;
  const sku = (
    await callRoute(await import('@/app/api/skus/route'), 'POST', '/api/skus', cookie, {
      sku_code: 'TOY-CRASH-1',
      product_name: 'Wooden train',
      category_code: 'toys',
    })
  ).sku;
  const entity = (
    await callRoute(await import('@/app/api/entities/route'), 'POST', '/api/entities', cookie, {
      name: 'Spielwaren Fabrik GmbH',
      street: 'Hafenstraße 9',
      postal_code: '20457',
      city: 'Hamburg',
      country: 'DE',
      email: 'compliance@spielwaren.example',
    })
  ).entity;
  await callRoute(
    await import('@/app/api/skus/[id]/entities/[role]/route'),
    'PUT',
    `/api/skus/${sku.id}/entities/manufacturer`,
    cookie,
    { entity_id: entity.id },
    { id: sku.id, role: 'manufacturer' },
  );
  const draft = (
    await callRoute(await import('@/app/api/supplier-email/draft/route'), 'POST', '/api/supplier-email/draft', cookie, {
      sku_id: sku.id,
    })
  ).draft;
  tellParent(`READY ${workspace.id}`);
  const out = await callRoute(
    await import('@/app/api/supplier-email/send/route'),
    'POST',
    '/api/supplier-email/send',
    cookie,
    { sku_id: sku.id, to: draft.to, subject: draft.subject, body: draft.body },
  );
  tellParent(`DONE ${out.request.status}`);
}

async function reconcile(workspaceId: string) {
  await openDatabase();
  const { getDb } = await import('@/lib/db/client');
  const { eq } = await import('drizzle-orm');
  const { supplierRequests } = await import('@/lib/db/schema');
  const { reconcileOutbox } = await import('@/lib/outreach/outbox');
  const { lookupLink } = await import('@/lib/outreach/responses');
  const { linkToken } = await import('@/lib/outreach/token');
  const { serializeRequests } = await import('@/lib/outreach/serialize');
  const db = await getDb();
  const before = await db.select().from(supplierRequests).where(eq(supplierRequests.workspaceId, workspaceId));
  // The claim of the killed sender lapses (SUPPLIER_SEND_LEASE_SECONDS) before the schedule finds it.
  await new Promise((r) => setTimeout(r, 1_500));
  const summary = await reconcileOutbox(db, { workspaceId });
  const rows = await db.select().from(supplierRequests).where(eq(supplierRequests.workspaceId, workspaceId));
  const requests = [];
  for (const r of await serializeRequests(db, { rows })) {
    const row = rows.find((x) => x.id === r.id)!;
    requests.push({
      id: r.id,
      status: r.status,
      message_id: r.message_id,
      upload_url: r.upload_url,
      send_attempts: row.sendAttempts,
      link: (await lookupLink(db, { token: linkToken(row.id, row.tokenNonce) })).kind,
      timeline: r.timeline.map((e) => e.kind),
    });
  }
  tellParent(
    `RESULT ${JSON.stringify({ before: before.map((b) => ({ status: b.status, attempts: b.sendAttempts })), summary, requests })}`,
  );
}

runCrashChild('outreach-send-crash-child.ts', {
  send: { run: () => send() },
  reconcile: { usage: '<workspaceId>', run: (workspaceId) => reconcile(workspaceId) },
});
