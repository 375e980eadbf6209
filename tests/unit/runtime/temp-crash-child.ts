/**
 * Child of temp-files.test.ts (DATA_DIR from the environment).
 * `upload`: parses a multipart upload whose body never ends, with the real parser, and prints
 * `WRITING <path>` once the part's temporary file holds bytes; it then waits to be killed.
 * `boot`: runs the start-up sweep that bootApp and the worker run, and prints `SWEPT <json names>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseMultipart } from '@/lib/http/multipart';
import { sweepDeadRunFolders, tempRoot } from '@/lib/storage/temp';

const mode = process.argv[2];

if (mode === 'upload') {
  const head =
    '--B\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n';
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return new Promise(() => {}); // the rest of the upload never comes
      sent = true;
      controller.enqueue(new TextEncoder().encode(head + '%PDF-1.7 '.repeat(30_000)));
    },
  });
  const req = new Request('http://127.0.0.1/upload', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=B' },
    body,
    duplex: 'half',
  } as RequestInit);
  void parseMultipart(req, { maxFiles: 1, maxFileBytes: 10 << 20, maxTotalBytes: 20 << 20, fileFields: ['file'] });
  const poll = setInterval(() => {
    for (const f of fs.readdirSync(tempRoot(), { recursive: true }) as string[]) {
      const p = path.join(tempRoot(), f);
      if (path.basename(f).startsWith('f') && fs.statSync(p).isFile() && fs.statSync(p).size > 0) {
        clearInterval(poll);
        console.log(`WRITING ${p}`);
        setInterval(() => {}, 60_000); // stay alive until killed
        return;
      }
    }
  }, 20);
} else if (mode === 'boot') {
  void sweepDeadRunFolders().then((names) => console.log(`SWEPT ${JSON.stringify(names)}`));
} else {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}
