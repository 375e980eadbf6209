/**
 * Updates the evidence-currency data (lib/currency/data/) from the published sources.
 *
 *   tsx scripts/update-currency-data.ts standards <file-or-url> --act 2009/48/EC [--published 2018-08-10]
 *       [--oj "OJ C 282, 10.8.2018, p. 3"] [--version 2026-12-01] [--coverage partial|complete]
 *   tsx scripts/update-currency-data.ts bodies <file-or-url> [--act 2009/48/EC] [--version …] [--coverage …]
 *   tsx scripts/update-currency-data.ts check
 *
 * standards: the Official Journal's list for one act (the Commission's summary list, an OJ C communication
 * or an implementing decision's annex) saved as CSV, XLSX or HTML, or its URL. Its five columns are read by
 * their headings (lib/currency/parse-sources.ts); --published is the list's publication date (the date of
 * entries marked "This is the first publication", and of superseding). The entries are merged into the
 * newest snapshot and written as harmonised-standards.<version>.json.
 * bodies: a NANDO export of notified bodies (number, name, country, legislation), or a list exported for
 * one act with --act. A full export replaces the bodies; a per-act list replaces that act's bodies.
 * check: validates the snapshots and prints their versions and sizes.
 *
 * A URL is read through the app's safe fetch (public addresses only, 20 MB, 30 s). The new file is
 * validated against the snapshot schema and lib/currency/data/index.ts is pointed at it; review the diff
 * (the header's source text says where the data came from) and commit it with the sources named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NotifiedBodiesSnapshotSchema, StandardsSnapshotSchema } from '@/lib/currency/data';
import { mergeBodies, mergeStandards, parseNandoList, parseStandardsList, rowsOf } from '@/lib/currency/parse-sources';
import type { NotifiedBodiesSnapshot, StandardsSnapshot } from '@/lib/currency/types';
import { safeFetch } from '@/lib/net/safe-fetch';

const DATA_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../lib/currency/data');
const INDEX = path.join(DATA_DIR, 'index.ts');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function newest(prefix: string): string {
  const names = fs
    .readdirSync(DATA_DIR)
    .filter((n) => n.startsWith(`${prefix}.`) && n.endsWith('.json'))
    .sort();
  if (!names.length) throw new Error(`no ${prefix} snapshot in ${DATA_DIR}`);
  return path.join(DATA_DIR, names[names.length - 1]);
}

async function read(source: string): Promise<Uint8Array> {
  if (/^https?:\/\//i.test(source)) {
    const r = await safeFetch(source, { maxBytes: 20 * 1024 * 1024, timeoutMs: 30_000 });
    if (!r.ok) throw new Error(`${source}: ${r.error.code} ${r.error.message}`);
    if (r.status !== 200) throw new Error(`${source}: HTTP ${r.status}`);
    return new Uint8Array(r.body);
  }
  return new Uint8Array(fs.readFileSync(source));
}

function write(prefix: string, version: string, data: unknown) {
  const file = path.join(DATA_DIR, `${prefix}.${version}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  // The app bundles the snapshot it imports: point the import at the new file.
  const index = fs.readFileSync(INDEX, 'utf8');
  fs.writeFileSync(INDEX, index.replace(new RegExp(`'\\./${prefix}\\.[^']+\\.json'`), `'./${prefix}.${version}.json'`));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

async function main() {
  const [kind, source] = process.argv.slice(2);
  const version = arg('version') ?? new Date().toISOString().slice(0, 10);
  if (kind === 'check') {
    const s = StandardsSnapshotSchema.parse(JSON.parse(fs.readFileSync(newest('harmonised-standards'), 'utf8')));
    const b = NotifiedBodiesSnapshotSchema.parse(JSON.parse(fs.readFileSync(newest('notified-bodies'), 'utf8')));
    console.log(`harmonised standards ${s.version} (${s.coverage}): ${s.standards.length} entries`);
    console.log(`notified bodies ${b.version} (${b.coverage}): ${b.bodies.length} bodies`);
    return;
  }
  if ((kind !== 'standards' && kind !== 'bodies') || !source) {
    console.error('usage: update-currency-data.ts standards|bodies <file-or-url> [--act …] | check');
    process.exit(2);
  }
  const rows = rowsOf(await read(source));
  const coverage = (arg('coverage') as 'partial' | 'complete' | undefined) ?? 'partial';
  if (kind === 'standards') {
    const act = arg('act');
    if (!act) throw new Error('--act is required: the list is per act');
    const entries = parseStandardsList(rows, {
      act,
      source,
      published_on: arg('published') ?? null,
      oj: arg('oj') ?? null,
    });
    const base = StandardsSnapshotSchema.parse(
      JSON.parse(fs.readFileSync(newest('harmonised-standards'), 'utf8')),
    ) as StandardsSnapshot;
    const next = mergeStandards(base, entries, {
      version,
      coverage,
      source: `${base.source}\n${version}: merged ${entries.length} entries for ${act} from ${source}.`,
    });
    StandardsSnapshotSchema.parse(next);
    write('harmonised-standards', version, next);
    console.log(`${entries.length} entries read for ${act}; ${next.standards.length} in the snapshot`);
  } else {
    const act = arg('act');
    const bodies = parseNandoList(rows, { source, act });
    const base = NotifiedBodiesSnapshotSchema.parse(
      JSON.parse(fs.readFileSync(newest('notified-bodies'), 'utf8')),
    ) as NotifiedBodiesSnapshot;
    const header = {
      version,
      coverage,
      source: act
        ? `${base.source}\n${version}: bodies notified for ${act} replaced from ${source}.`
        : `NANDO export ${source}, read ${version}.`,
    };
    const next = act ? mergeBodies(base, bodies, header, act) : mergeBodies({ ...base, bodies: [] }, bodies, header);
    NotifiedBodiesSnapshotSchema.parse(next);
    write('notified-bodies', version, next);
    console.log(`${bodies.length} bodies read; ${next.bodies.length} in the snapshot`);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
