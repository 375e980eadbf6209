/**
 * Child of tests/unit/extract/pool-lifecycle.test.ts: a stand-in server that starts parsing the file
 * given as its argument (a scan, so OCR keeps the parser busy), prints `busy <parser pid>` once the job
 * is with a parser process, and waits to be killed with SIGKILL.
 */
import fs from 'node:fs';
import { extractPoolStats, extractText } from '@/lib/extract';

void extractText({ bytes: fs.readFileSync(process.argv[2]), filename: 'scan.png' });
const watch = setInterval(() => {
  const stats = extractPoolStats();
  if (stats.busy && stats.pids.length) {
    process.stdout.write(`busy ${stats.pids[0]}\n`);
    clearInterval(watch);
  }
}, 20);
setInterval(() => {}, 60_000);
