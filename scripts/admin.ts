// npm run admin -- <command>
//   create-user <email> [--password X] [--staff]
//   set-plan <owner-email|workspace-id> <trial|pro|enterprise>
//   list-workspaces
// With the embedded database it refuses while the app holds it; with DATABASE_URL it always works.
import '@/lib/polyfills';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getEnv } from '@/lib/config/env';
import { closeDb, getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { createLocalUser } from '@/lib/auth/local-issuer';
import { ensureWorkspace, findWorkspaceByOwnerEmail } from '@/lib/auth/workspace';
import { isPlanId, PLAN_IDS } from '@/lib/plans';
import { setWorkspacePlan } from '@/lib/workspace/settings';
import { UUID_RE } from '@/lib/http/schemas';

const USAGE = `Usage:
  npm run admin -- create-user <email> [--password X] [--staff]
  npm run admin -- set-plan <owner-email|workspace-id> <${PLAN_IDS.join('|')}>
  npm run admin -- list-workspaces`;

function fail(msg: string): never {
  console.error(msg);
  process.exit(2);
}

async function createUser(args: string[]) {
  const email = args[0];
  if (!email || !email.includes('@')) fail(`create-user needs an email.\n${USAGE}`);
  const pwIdx = args.indexOf('--password');
  const password = pwIdx >= 0 ? args[pwIdx + 1] : crypto.randomBytes(12).toString('base64url');
  if (!password || password.length < 8) fail('The password must be at least 8 characters.');
  const staff = args.includes('--staff');
  const db = await getDb();
  let user;
  if (getEnv().SUPABASE_URL) {
    const { createClient } = await import('@supabase/supabase-js');
    const WebSocket = (await import('ws')).default;
    const key =
      getEnv().SUPABASE_SERVICE_ROLE_KEY ??
      fail('SUPABASE_SERVICE_ROLE_KEY is needed to create users in Supabase Auth.');
    const sb = createClient(getEnv().SUPABASE_URL!, key, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as any },
    });
    const { data, error } = await sb.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      app_metadata: { staff },
    });
    if (error || !data.user) fail(`Supabase refused: ${error?.message}`);
    user = { id: data.user.id, email, isStaff: staff };
  } else {
    user = await createLocalUser(db, { email, password, isStaff: staff });
  }
  const m = await ensureWorkspace(db, { user });
  console.log(
    `Created ${staff ? 'staff ' : ''}user ${user.email} (${user.id}) with workspace "${m.workspace.name}" (${m.workspace.id}, plan ${m.workspace.plan}).`,
  );
  if (pwIdx < 0) console.log(`Generated password: ${password}`);
}

async function setPlan(args: string[]) {
  const [target, plan] = args;
  if (!target || !plan) fail(USAGE);
  if (!isPlanId(plan)) fail(`Unknown plan "${plan}"; use one of ${PLAN_IDS.join(', ')}.`);
  const db = await getDb();
  const workspaceId = UUID_RE.test(target) ? target : await findWorkspaceByOwnerEmail(db, { email: target });
  if (!workspaceId) fail(`No workspace owned by ${target}.`);
  const ws = await setWorkspacePlan(db, { workspaceId, plan });
  console.log(`Workspace "${ws.name}" (${ws.id}) is now on plan ${ws.plan}.`);
}

async function listWorkspaces() {
  const db = await getDb();
  const rows = await queryRows<{ id: string; name: string; plan: string; owner: string | null; created_at: string }>(
    db,
    sql`SELECT w.id, w.name, w.plan, w.created_at::text AS created_at,
          (SELECT m.email FROM workspace_members m WHERE m.workspace_id = w.id AND m.role = 'owner' LIMIT 1) AS owner
        FROM workspaces w ORDER BY w.created_at`,
  );
  if (!rows.length) console.log('No workspaces yet.');
  for (const r of rows) console.log(`${r.id}  ${r.plan.padEnd(10)}  ${(r.owner ?? '-').padEnd(32)}  ${r.name}`);
}

async function main() {
  const [cmd, ...args] = process.argv.slice(2);
  try {
    if (cmd === 'create-user') await createUser(args);
    else if (cmd === 'set-plan') await setPlan(args);
    else if (cmd === 'list-workspaces') await listWorkspaces();
    else fail(USAGE);
  } finally {
    await closeDb();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
