/**
 * Read + plan throughput and peak memory of the catalogue import (no database): a generated
 * 100,000-row CSV and a 20,000-row XLSX (BENCH_XLSX_ROWS) in a temp dir, each scenario in its own process so the peak
 * RSS (getrusage maxrss) belongs to that scenario alone.
 *
 * The xlsx-passes scenarios open the XLSX and read its rows twice, as the import job does, nothing kept:
 * the streaming reader (xlsx-passes) beside SheetJS (xlsx-passes-sheetjs).
 *
 *   npx tsx bench/import-parse.ts            # all scenarios, prints a table
 *   npx tsx bench/import-parse.ts <scenario> # one scenario, prints JSON (used by the parent)
 *   BENCH_XLSX_ROWS=100000 npx tsx bench/import-parse.ts xlsx-passes   # another workbook size
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { HEADERS, row } from './catalogue';
import { mapColumns } from '@/lib/imports/mapping';
import { ImportPlanner, planImport } from '@/lib/imports/plan';
import { openCatalogue, openCatalogueWithSheetJs, readCatalogue } from '@/lib/imports/read';

const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 20_000);
function generate(dir: string) {
  const csvPath = path.join(dir, 'catalogue-100k.csv');
  if (!fs.existsSync(csvPath)) {
    const fd = fs.openSync(csvPath, 'w');
    fs.writeSync(fd, HEADERS.join(';') + '\r\n');
    let buf = '';
    for (let i = 0; i < 100_000; i++) {
      buf += row(i).join(';') + '\r\n';
      if (buf.length > 1 << 20) {
        fs.writeSync(fd, buf);
        buf = '';
      }
    }
    fs.writeSync(fd, buf);
    fs.closeSync(fd);
  }
  const xlsxPath = path.join(dir, `catalogue-${XLSX_ROWS}.xlsx`);
  if (!fs.existsSync(xlsxPath)) {
    const aoa: unknown[][] = [HEADERS];
    for (let i = 0; i < XLSX_ROWS; i++) {
      const r: unknown[] = row(i);
      r[2] = Number(r[2]); // GTINs as numbers, as Excel stores typed-in EANs
      aoa.push(r);
    }
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Katalog');
    fs.writeFileSync(xlsxPath, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  }
  return { csvPath, xlsxPath };
}

async function scenario(name: string, file: string) {
  const bytes = fs.readFileSync(file);
  const rssStart = process.memoryUsage().rss;
  const t0 = performance.now();
  let rows = 0;
  let valid = 0;
  let candidates = 0;
  if (name.startsWith('xlsx-passes')) {
    const open = name === 'xlsx-passes' ? openCatalogue : openCatalogueWithSheetJs;
    const opened = await open({ bytes, filename: path.basename(file) });
    if (!opened.ok) throw new Error(opened.error.message);
    for (let pass = 0; pass < 2; pass++) {
      let n = 0;
      const it = opened.rows();
      for (let s = it.next(); !s.done; s = it.next()) if (s.value.cells[2]) n++;
      rows = n;
      valid = n;
    }
  } else if (name.endsWith('stream')) {
    // The commit path: one pass, nothing kept per row but counters and entity groups.
    const opened = await openCatalogue({ bytes, filename: path.basename(file) });
    if (!opened.ok) throw new Error(opened.error.message);
    const sample: string[][] = [];
    const it = opened.rows();
    for (let s = it.next(); !s.done && sample.length < 200; s = it.next()) sample.push(s.value.cells);
    const mapping = mapColumns({ headers: opened.headers, sampleRows: sample });
    const planner = new ImportPlanner(mapping, opened.headers);
    const gen = opened.rows();
    for (let s = gen.next(); !s.done; s = gen.next()) planner.add(s.value);
    const sum = planner.summary();
    rows = sum.total_rows;
    valid = sum.valid_rows;
    candidates = planner.entityCandidates().length;
  } else {
    // The dry-run path: the whole file read, all records planned and kept.
    const read = await readCatalogue({ bytes, filename: path.basename(file) });
    if (!read.ok) throw new Error(read.error.message);
    const mapping = mapColumns({ headers: read.headers, sampleRows: read.rows.slice(0, 200).map((r) => r.cells) });
    const plan = planImport({ headers: read.headers, rows: read.rows, mapping });
    rows = plan.summary.total_rows;
    valid = plan.summary.valid_rows;
    candidates = plan.entity_candidates.length;
  }
  const ms = performance.now() - t0;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  return {
    scenario: name,
    file: path.basename(file),
    file_mb: +(bytes.length / 1048576).toFixed(1),
    rows,
    valid,
    candidates,
    seconds: +(ms / 1000).toFixed(2),
    rows_per_second: Math.round(rows / (ms / 1000)),
    rss_start_mb: Math.round(rssStart / 1048576),
    peak_rss_mb: Math.round(peakRss / 1048576),
  };
}

const SCENARIOS = [
  'csv-stream',
  'csv-materialised',
  'xlsx-stream',
  'xlsx-materialised',
  'xlsx-passes',
  'xlsx-passes-sheetjs',
];

async function main() {
  const dir = path.join(os.tmpdir(), 'import-parse-bench');
  fs.mkdirSync(dir, { recursive: true });
  const { csvPath, xlsxPath } = generate(dir);
  const which = process.argv[2];
  if (which) {
    const result = await scenario(which, which.startsWith('csv') ? csvPath : xlsxPath);
    process.stdout.write(JSON.stringify(result) + '\n');
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const results = [];
  for (const s of SCENARIOS) {
    const child = spawnSync(process.execPath, [...process.execArgv, self, s], {
      encoding: 'utf8',
      cwd: process.cwd(),
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`${s} failed: ${child.stderr}`);
    results.push(JSON.parse(child.stdout.trim().split('\n').pop()!));
  }
  console.log(`node ${process.version}, ${os.cpus().length} cores, files in ${dir}`);
  console.table(results);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
