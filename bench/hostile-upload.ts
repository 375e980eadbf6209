/**
 * Hostile uploads through the HTTP route handlers: POST /api/documents/bulk (which unpacks containers and
 * stores every part as a document) and POST /api/classify/containers. Cases: the corpus zip bomb (42 KB
 * -> 5.4 GB, overlapping entries), the three path-traversal zips of the corpus, a generated 1,000-entry
 * ZIP (distinct small documents) and a generated 20-level nested ZIP.
 *
 * The parent prepares a migrated PGlite snapshot and the inputs; every case runs in a child process of
 * its own (fresh database from the snapshot, a signed-in user, one request as Next would send it), so
 * the peak RSS printed (the child's maxRSS) belongs to that case. "after load" is the RSS once the
 * database is open and the route modules are warm. CPU ms (user + system of the process, which includes
 * the embedded database) is printed next to wall time because the machine may be shared.
 *
 *   npx tsx bench/hostile-upload.ts [--only <part of a case name>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';

const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus/containers');

function zipOf(files: [string, Uint8Array | string][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of files) z.addBuffer(Buffer.from(content), name);
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

const corpus = (name: string) => async () => ({ filename: name, bytes: fs.readFileSync(path.join(CORPUS, name)) });

const INPUTS: Record<string, () => Promise<{ filename: string; bytes: Uint8Array }>> = {
  'zip bomb 42 KB -> 5.4 GB (zbsm.zip)': corpus('zip-bomb-overlapping-zbsm-42KB-to-5.4GB.zip'),
  'traversal ../ x40 (zip-slip-dotdot-unix.zip)': corpus('zip-slip-dotdot-unix.zip'),
  'traversal ..\\ x40 (zip-slip-backslash-windows.zip)': corpus('zip-slip-backslash-windows.zip'),
  'traversal ../xt (zip-path-traversal-dotdot.zip)': corpus('zip-path-traversal-dotdot.zip'),
  '1,000-entry ZIP (generated)': async () => ({
    filename: 'thousand.zip',
    bytes: await zipOf(
      Array.from(
        { length: 1000 },
        (_, i) =>
          [
            `reports/${String(i).padStart(4, '0')}.txt`,
            `Test report No. ${i}\nTest item: wooden train WT-${i}\nResult: pass according to EN 71-3:2019+A1:2021\n`,
          ] as [string, string],
      ),
    ),
  }),
  '20-level nested ZIP (generated)': async () => {
    let inner: [string, Uint8Array] = ['declaration.txt', Buffer.from('EU Declaration of Conformity\nModel: WT-100')];
    for (let i = 20; i >= 1; i--) inner = [`level${i}.zip`, await zipOf([inner, [`note-${i}.txt`, `level ${i}`]])];
    return { filename: 'level1.zip', bytes: inner[1] };
  },
};

const ROUTES = ['POST /api/documents/bulk', 'POST /api/classify/containers'] as const;
type RouteName = (typeof ROUTES)[number];

async function prepareSnapshot(file: string) {
  await import('@/lib/polyfills');
  const { migratedPgliteDump } = await import('@/lib/db/seed');
  const dump = await migratedPgliteDump();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

async function runCase(snapshot: string, route: RouteName, file: string, filename: string) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-upload-data-'));
  process.env.SUPABASE_JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123456789';
  process.env.JOBS_IN_PROCESS = 'false';
  process.env.RATE_LIMIT_PARSE = '100000';
  await import('@/lib/polyfills');
  const { PGlite } = await import('@electric-sql/pglite');
  const { openPglite, setDbHandle, getDb } = await import('@/lib/db/client');
  const { createLocalUser } = await import('@/lib/auth/local-issuer');
  const { ensureWorkspace } = await import('@/lib/auth/workspace');
  const { signAccessToken } = await import('@/lib/auth/tokens');
  const bulk = await import('@/app/api/documents/bulk/route');
  const containers = await import('@/app/api/classify/containers/route');
  const { getBoss } = await import('@/lib/jobs/boss');

  const pglite = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(snapshot)]) });
  setDbHandle(await openPglite(pglite));
  const db = await getDb();
  const user = await createLocalUser(db, { email: 'bench@example.test', password: 'correct horse battery' });
  await ensureWorkspace(db, { user });
  const { token } = await signAccessToken(user);
  await getBoss();

  const send = async (bytes: Uint8Array, name: string) => {
    const fd = new FormData();
    fd.append(route === 'POST /api/documents/bulk' ? 'files' : 'file', new Blob([bytes as BlobPart]), name);
    const req = new Request(`http://127.0.0.1:3100${route.split(' ')[1]}`, {
      method: 'POST',
      headers: { cookie: `sb-access-token=${token}`, origin: 'http://127.0.0.1:3100' },
      body: fd,
    });
    const handler = route === 'POST /api/documents/bulk' ? bulk.POST : containers.POST;
    const res = await handler(req, { params: Promise.resolve({}) });
    return { status: res.status, body: await res.json() };
  };
  // Warm the module graph and the database so the figures are about the file.
  await send(await zipOf([['warm.txt', 'warm-up document']]), 'warm.zip');
  if (global.gc) global.gc();
  const baselineMb = process.memoryUsage().rss / 1024 / 1024;
  const bytes = new Uint8Array(fs.readFileSync(file));
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const { status, body } = await send(bytes, filename);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  let outcome: string;
  if (route === 'POST /api/documents/bulk') {
    const codes = new Map<string, number>();
    for (const r of body.results ?? []) if (r.error_code) codes.set(r.error_code, (codes.get(r.error_code) ?? 0) + 1);
    outcome = `${JSON.stringify(body.summary)} ${[...codes].map(([k, v]) => `${k}×${v}`).join(', ')}`;
  } else {
    const reasons = new Map<string, number>();
    for (const s of body.skipped ?? []) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
    const depth = Math.max(
      0,
      ...[...(body.parts ?? []), ...(body.skipped ?? [])].map((i: { recursion_depth: number }) => i.recursion_depth),
    );
    outcome = `parts ${body.parts?.length} skipped ${body.skipped?.length} (${[...reasons].map(([k, v]) => `${k}×${v}`).join(', ')}) max depth ${depth}`;
  }
  const out = {
    status,
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    baselineMb: Math.round(baselineMb),
    inputKb: Math.round(bytes.byteLength / 1024),
    outcome,
  };
  process.stdout.write(`__RESULT__${JSON.stringify(out)}\n`);
  process.exit(0);
}

async function main() {
  const i = process.argv.indexOf('--case');
  if (i > 0)
    return runCase(process.argv[i + 1], process.argv[i + 2] as RouteName, process.argv[i + 3], process.argv[i + 4]);
  const self = fileURLToPath(import.meta.url);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-upload-'));
  const snapshot = path.join(tmp, 'snapshot.tar.gz');
  const t = performance.now();
  await prepareSnapshot(snapshot);
  console.log(
    `database snapshot ready in ${Math.round(performance.now() - t)} ms; each case runs in its own process\n`,
  );
  console.log(
    `case | route | HTTP | wall ms | CPU ms | peak RSS MB (after load) | input KB | outcome    (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
  );
  const only = process.argv.indexOf('--only') > 0 ? process.argv[process.argv.indexOf('--only') + 1] : null;
  for (const [name, make] of Object.entries(INPUTS)) {
    if (only && !name.includes(only)) continue;
    const input = await make();
    const file = path.join(tmp, 'input.bin');
    fs.writeFileSync(file, input.bytes);
    for (const route of ROUTES) {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, '--expose-gc', self, '--case', snapshot, route, file, input.filename],
        {
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
          timeout: 300_000,
        },
      );
      const line = child.stdout.split('\n').find((l) => l.startsWith('__RESULT__'));
      if (!line) {
        console.log(`${name} | ${route} | FAILED (exit ${child.status}) ${child.stderr.slice(-400)}`);
        continue;
      }
      const r = JSON.parse(line.slice('__RESULT__'.length));
      console.log(
        `${name} | ${route} | ${r.status} | ${r.ms} | ${r.cpuMs} | ${r.peakRssMb} (${r.baselineMb}) | ${r.inputKb} | ${r.outcome}`,
      );
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

await main();
