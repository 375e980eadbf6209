import crypto from 'node:crypto';
import fs from 'node:fs';
import { getDb } from '@/lib/db/client';
import { createLocalUser } from '@/lib/auth/local-issuer';
import { signAccessToken } from '@/lib/auth/tokens';
import { ensureWorkspace } from '@/lib/auth/workspace';
import { setWorkspacePlan } from '@/lib/workspace/settings';
import type { PlanId } from '@/lib/plans';
import type { RouteHandler } from '@/lib/http/route';
import { responseProblems } from './contract';

export const ORIGIN = 'http://127.0.0.1:3100';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Handler>>;

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  cookie?: string;
  bearer?: string;
  origin?: string | null;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** A documentation-range address (RFC 5737 / 2544 benchmarking block), one per test file. */
const FILE_CLIENT_IP = `198.19.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** Calls a route handler with an HTTP-shaped Request, as Next would. */
export async function call(
  mod: RouteModule,
  method: keyof RouteModule,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult> {
  const url = new URL(path, ORIGIN);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(opts.headers);
  // Each test file calls from its own address: on Postgres every file shares one database, and per-IP
  // rate-limit buckets filled by one file's thousands of calls must not refuse the next file's.
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', FILE_CLIENT_IP);
  if (opts.cookie) headers.set('cookie', opts.cookie);
  if (opts.bearer) headers.set('authorization', `Bearer ${opts.bearer}`);
  if (opts.origin !== null && method !== 'GET') headers.set('origin', opts.origin ?? ORIGIN);
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const handler = mod[method];
  if (!handler) throw new Error(`route has no ${method}`);
  const res = await handler(new Request(url, { method, headers, body, duplex: 'half' } as RequestInit), {
    params: Promise.resolve(opts.params ?? {}),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  // Every answer is held to the route's declaration: a drift fails the test that made the call.
  const spec = (handler as Partial<RouteHandler>).spec ?? null;
  const problems = responseProblems(
    spec,
    { status: res.status, contentType: res.headers.get('content-type'), body: parsed },
    url.pathname,
  );
  if (problems.length && process.env.CONTRACT_DRIFT_LOG) {
    // Survey mode: note the drift and carry on, to list every drift of a run at once.
    fs.appendFileSync(
      process.env.CONTRACT_DRIFT_LOG,
      JSON.stringify({ method, path, status: res.status, problems }) + '\n',
    );
  } else if (problems.length)
    throw new Error(
      `Response of ${method} ${path} (${res.status}) does not match its declared schema:\n  ${problems.join('\n  ')}\n${text.slice(0, 2000)}`,
    );
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
  token: string;
  workspaceId: string;
}

/** A user with a workspace and a valid session cookie, created directly (fast). */
export async function makeUser(opts: { plan?: PlanId; staff?: boolean; email?: string } = {}): Promise<TestUser> {
  const db = await getDb();
  const email = opts.email ?? `user-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const user = await createLocalUser(db, { email, password: 'correct horse battery', isStaff: opts.staff });
  const m = await ensureWorkspace(db, { user });
  if (opts.plan && opts.plan !== 'trial') await setWorkspacePlan(db, { workspaceId: m.workspace.id, plan: opts.plan });
  const { token } = await signAccessToken(user);
  return { id: user.id, email, token, cookie: `sb-access-token=${token}`, workspaceId: m.workspace.id };
}

/** Asserts the full error envelope of the contract and returns error for further checks. */
export function expectEnvelope(res: CallResult, status: number, code: string) {
  const b = res.body;
  const problems: string[] = [];
  if (res.status !== status) problems.push(`status ${res.status} != ${status}`);
  if (b?.error?.code !== code) problems.push(`code ${b?.error?.code} != ${code}`);
  if (typeof b?.error?.message !== 'string' || !b.error.message) problems.push('message missing');
  if (typeof b?.error?.doc_url !== 'string' || !b.error.doc_url.includes(`/docs/errors#${code.toLowerCase()}`))
    problems.push(`doc_url ${b?.error?.doc_url}`);
  if (typeof b?.error?.retryable !== 'boolean') problems.push('retryable missing');
  if (typeof b?.error?.support_reference !== 'string') problems.push('support_reference missing');
  if (b?.error_code !== code.toLowerCase()) problems.push(`error_code ${b?.error_code}`);
  if (b?.code !== code.toLowerCase()) problems.push(`code mirror ${b?.code}`);
  if (b?.correlation_id !== b?.error?.support_reference) problems.push('correlation_id mismatch');
  if (res.headers.get('x-request-id') !== b?.error?.support_reference) problems.push('x-request-id mismatch');
  if (status >= 500 && typeof b?.support_email !== 'string') problems.push('support_email missing on 5xx');
  if (status < 500 && 'support_email' in (b ?? {})) problems.push('support_email on 4xx');
  if (problems.length) throw new Error(`Bad envelope: ${problems.join('; ')}\n${res.text}`);
  return b.error as { code: string; message: string; details?: any; retryable: boolean };
}
