/**
 * Hostile parser inputs against a real server process (`next start` of the production build on
 * BENCH_PORT, default 3302, with a fresh embedded database): the PDF flate bomb (1 MB -> 1 GiB), a PDF of
 * 10,000 tiny streams, a 30,000 × 30,000 px image for OCR, each alone and three at once, through
 * POST /api/classify (and the bomb through bulk upload and inside a ZIP). /api/health is polled every
 * 50 ms throughout. Printed per case: wall time, the diagnostic, the RSS of the server's process tree
 * (server and any child processes) before, at peak and 2 s after, and the slowest health answer.
 * A normal PDF is the same-run baseline. Goals: ≤ 10 s with a diagnostic, peak added ≤ 200 MB, back
 * within 50 MB of the start, health ≤ 200 ms.
 *
 *   npx next build && npx tsx bench/hostile-files.ts --only server
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import yazl from 'yazl';
import { hugePng, pdfFlateBomb, pdfManyStreams } from '../tests/fixtures/hostile-files';
import { treeRssMb } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3302);
const BASE = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function zipOf(files: [string, Uint8Array][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of files) z.addBuffer(Buffer.from(content), name, { compress: false });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

async function startServer(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-server-'));
  // The embedded database in a fresh folder: the figures are about parsing, not about a shared server.
  const env: NodeJS.ProcessEnv = {
    SUPABASE_JWT_SECRET: randomBytes(32).toString('hex'),
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_APP_URL: BASE,
  };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(PORT)],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return { child, dataDir };
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error('server did not answer /api/health within 180 s');
}

async function signUp(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

type Upload = { route: string; field: string; name: string; bytes: Uint8Array };

async function send(cookie: string, u: Upload): Promise<string> {
  const fd = new FormData();
  fd.append(u.field, new Blob([u.bytes as BlobPart]), u.name);
  const res = await fetch(`${BASE}${u.route}`, { method: 'POST', headers: { cookie, origin: BASE }, body: fd });
  const body = (await res.json().catch(() => null)) as Record<string, any> | null;
  const diag = (c: any) =>
    `${c?.diagnostic?.code ?? c?.document_type ?? '?'}: ${(c?.diagnostic?.message ?? '').slice(0, 140)}`;
  if (res.status !== 200) return `${res.status} ${JSON.stringify(body).slice(0, 160)}`;
  if (u.route === '/api/classify') return `200 ${diag(body)}`;
  if (u.route === '/api/classify/containers') {
    const part = body?.parts?.[0];
    return part ? `200 part ${diag(part.classification)}` : `200 skipped ${body?.skipped?.[0]?.message?.slice(0, 140)}`;
  }
  const r = body?.results?.[0];
  return `200 ${r?.status} ${r?.error_code ?? ''} ${r?.document_type ?? ''} ${(r?.message ?? '').slice(0, 120)}`;
}

export async function runServerBench() {
  console.log('generating inputs…');
  const bomb = pdfFlateBomb();
  const many = pdfManyStreams(10_000);
  const png = hugePng(30_000);
  const normal = fs.readFileSync('tests/fixtures/corpus/documents/pdf-text-layer-word2007-tables-images-2pages.pdf');
  const bombZip = await zipOf([['supplier/declaration.pdf', bomb]]);
  console.log(
    `inputs: bomb ${Math.round(bomb.length / 1024)} KB (inflates to 1024 MB), many-streams ${Math.round(many.length / 1024)} KB, PNG ${Math.round(png.length / 1024)} KB (30000×30000)`,
  );

  const { child, dataDir } = await startServer();
  const pid = child.pid!;
  try {
    const cookie = await signUp();
    const classify = (name: string, bytes: Uint8Array): Upload => ({
      route: '/api/classify',
      field: 'file',
      name,
      bytes,
    });
    // Warm: the parser pool, pdfjs and the routes are loaded before anything is measured.
    await send(cookie, classify('warm.pdf', normal));
    await sleep(1000);

    const cases: [string, Upload[]][] = [
      ['baseline: normal 2-page PDF (corpus)', [classify('normal.pdf', normal)]],
      ['PDF flate bomb 1 MB -> 1 GiB', [classify('bomb.pdf', bomb)]],
      [
        'PDF flate bomb via bulk upload',
        [{ route: '/api/documents/bulk', field: 'files', name: 'bomb.pdf', bytes: bomb }],
      ],
      [
        'PDF flate bomb inside a ZIP (containers)',
        [{ route: '/api/classify/containers', field: 'file', name: 'bundle.zip', bytes: bombZip }],
      ],
      ['PDF with 10,000 tiny streams', [classify('many.pdf', many)]],
      ['PNG 30,000 x 30,000 px (OCR)', [classify('huge.png', png)]],
      ['3 PDF flate bombs at once', [1, 2, 3].map((i) => classify(`bomb${i}.pdf`, bomb))],
      ['3 PDFs of 10,000 streams at once', [1, 2, 3].map((i) => classify(`many${i}.pdf`, many))],
      ['3 PNGs 30,000 x 30,000 at once', [1, 2, 3].map((i) => classify(`huge${i}.png`, png))],
      [
        '3 of each at once (9 requests)',
        [1, 2, 3].flatMap((i) => [
          classify(`b${i}.pdf`, bomb),
          classify(`m${i}.pdf`, many),
          classify(`h${i}.png`, png),
        ]),
      ],
      ['baseline again: normal 2-page PDF', [classify('normal2.pdf', normal)]],
    ];
    const startMb = treeRssMb(pid);
    console.log(`\nserver pid ${pid}; RSS of the server process tree after warm-up: ${startMb.toFixed(0)} MB\n`);
    console.log(
      'case | wall ms (slowest request) | RSS MB before / peak (+added) / 2 s after | max /api/health ms | answers',
    );
    for (const [name, uploads] of cases) {
      const before = treeRssMb(pid);
      let peak = before;
      let maxHealth = 0;
      let running = true;
      const sampler = (async () => {
        while (running) {
          peak = Math.max(peak, treeRssMb(pid));
          await sleep(25);
        }
      })();
      const health = (async () => {
        while (running) {
          const t = performance.now();
          const ok = await fetch(`${BASE}/api/health`)
            .then((r) => r.ok)
            .catch(() => false);
          maxHealth = Math.max(maxHealth, ok ? performance.now() - t : Infinity);
          await sleep(50);
        }
      })();
      const t = performance.now();
      const answers = await Promise.all(
        uploads.map(async (u) => ({ a: await send(cookie, u), ms: performance.now() - t })),
      );
      const wall = performance.now() - t;
      await sleep(2000);
      running = false;
      await Promise.all([sampler, health]);
      const after = treeRssMb(pid);
      const distinct = [...new Set(answers.map((x) => x.a))];
      console.log(
        `${name} | ${wall.toFixed(0)} (${Math.max(...answers.map((x) => x.ms)).toFixed(0)}) | ${before.toFixed(0)} / ${peak.toFixed(0)} (+${(peak - before).toFixed(0)}) / ${after.toFixed(0)} | ${maxHealth.toFixed(0)} | ${distinct.join(' || ')}`,
      );
    }
    const endMb = treeRssMb(pid);
    // Idle parser processes exit after POOL_LIMITS.idleMs / heavyIdleMs (seconds): then the memory is back.
    await sleep(65_000);
    const idleMb = treeRssMb(pid);
    const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;
    console.log(
      `\nRSS of the server process tree: ${startMb.toFixed(0)} MB after warm-up, ${endMb.toFixed(0)} MB right after the last case (${signed(endMb - startMb)} MB), ${idleMb.toFixed(0)} MB once the idle parser workers were retired 65 s later (${signed(idleMb - startMb)} MB)`,
    );
  } finally {
    child.kill('SIGTERM');
    await sleep(1000);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
