/**
 * The process the bulk-upload crash test kills (tests/api/documents/upload-crash.test.ts).
 *
 *   upload <parts>      create a user, then POST one ZIP of <parts> distinct PDFs to the real bulk route
 *                       handler; prints "READY <workspaceId>", "DOCS <n>" whenever the workspace's document
 *                       count changes (the test sends SIGKILL after the first ones are committed), and
 *                       "DONE <http status>" if it ever finishes.
 *   recover <workspaceId>
 *                       a worker on the same data (lib/jobs startWorkers, document extraction only): prints
 *                       "STUCK <n>" (documents processing without any run when it starts), then one
 *                       "RESULT <json>" once none of the workspace's documents is processing.
 *
 * Database: DATABASE_URL, or a file-backed PGlite in $DATA_DIR/pglite seeded from CRASH_PGLITE_SNAPSHOT.
 * Blobs: $DATA_DIR/blobs, shared by both processes.
 */
import '@/lib/polyfills';
import { sql } from 'drizzle-orm';
import { crashChildWorkspace, openCrashChildDatabase, runCrashChild, tellParent } from './crash-child';

const openDatabase = openCrashChildDatabase;

async function count(query: ReturnType<typeof sql>) {
  const { getDb } = await import('@/lib/db/client');
  const { queryRows } = await import('@/lib/db/rows');
  return Number((await queryRows<{ n: number }>(await getDb(), query))[0].n);
}

/** <parts> one-page PDFs, each with its own text (so each is a document of its own), in one ZIP. */
async function bundle(parts: number): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const yazl = (await import('yazl')).default;
  const zip = new yazl.ZipFile();
  for (let i = 0; i < parts; i++) {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([595, 842]).drawText(`EU Declaration of Conformity - Model CR-${i} - Acme Toys GmbH, 59063 Hamm`, {
      x: 40,
      y: 780,
      size: 10,
      font,
    });
    zip.addBuffer(Buffer.from(await pdf.save()), `declarations/doc-${String(i).padStart(4, '0')}.pdf`);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return new Uint8Array(Buffer.concat(chunks));
}

async function upload(parts: number) {
  await openDatabase();
  const { signAccessToken } = await import('@/lib/auth/tokens');
  const { user, workspace } = await crashChildWorkspace({
    email: `upload-crash-${Date.now()}@example.test`,
    plan: 'enterprise',
  });
  const { token } = await signAccessToken(user);
  const zip = await bundle(parts);
  tellParent(`READY ${workspace.id}`);

  let last = -1;
  const poll = setInterval(() => {
    void count(sql`SELECT count(*)::int AS n FROM documents WHERE workspace_id = ${workspace.id}`).then((n) => {
      if (n !== last) tellParent(`DOCS ${n}`);
      last = n;
    });
  }, 25);

  const route = await import('@/app/api/documents/bulk/route');
  const fd = new FormData();
  fd.append('files', new Blob([zip as BlobPart], { type: 'application/zip' }), 'declarations.zip');
  const origin = process.env.PUBLIC_APP_URL ?? 'http://127.0.0.1:3100';
  const req = new Request(new URL('/api/documents/bulk', origin), {
    method: 'POST',
    headers: { cookie: `sb-access-token=${token}`, origin },
    body: fd,
  });
  const res = await route.POST(req, { params: Promise.resolve({}) } as never);
  clearInterval(poll);
  tellParent(`DONE ${res.status}`);
}

async function recover(workspaceId: string) {
  await openDatabase();
  const processingWithoutRun = sql`SELECT count(*)::int AS n FROM documents d WHERE d.workspace_id = ${workspaceId} AND d.status = 'processing'
    AND NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.subject_id = d.id::text)`;
  tellParent(`STUCK ${await count(processingWithoutRun)}`);
  const { startWorkers, stopWorkers } = await import('@/lib/workers');
  await startWorkers({ queues: ['document.extract'], pollingIntervalSeconds: 0.5 });
  const deadline = Date.now() + 5 * 60_000;
  while (
    (await count(
      sql`SELECT count(*)::int AS n FROM documents WHERE workspace_id = ${workspaceId} AND status = 'processing'`,
    )) > 0 &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopWorkers();
  const { getDb } = await import('@/lib/db/client');
  const { queryRows } = await import('@/lib/db/rows');
  const db = await getDb();
  const statuses = await queryRows<{ status: string; n: number }>(
    db,
    sql`SELECT status, count(*)::int AS n FROM documents WHERE workspace_id = ${workspaceId} GROUP BY status`,
  );
  const perDoc = await queryRows<{ runs: number; completed: number; extractions: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM job_runs r WHERE r.subject_id = d.id::text) AS runs,
               (SELECT count(*)::int FROM job_runs r WHERE r.subject_id = d.id::text AND r.status = 'completed') AS completed,
               (SELECT count(*)::int FROM document_extractions e WHERE e.document_id = d.id) AS extractions
        FROM documents d WHERE d.workspace_id = ${workspaceId}`,
  );
  const result = {
    documents: perDoc.length,
    statuses: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
    runs: [...new Set(perDoc.map((d) => `${d.runs}/${d.completed}/${d.extractions}`))].sort(),
    distinct_hashes: await count(
      sql`SELECT count(DISTINCT sha256)::int AS n FROM documents WHERE workspace_id = ${workspaceId}`,
    ),
  };
  tellParent(`RESULT ${JSON.stringify(result)}`);
}

runCrashChild('upload-crash-child.ts', {
  upload: { usage: '<parts>', run: (parts) => upload(Number(parts)) },
  recover: { usage: '<workspaceId>', run: (workspaceId) => recover(workspaceId) },
});
