// The layering rules of CODE_STYLE.md ("Floors"), checked on the code's own imports. Run in CI
// (.ci/run) and by hand: `node scripts/check-layers.mjs` (exit 1 on a break; `--graph` prints the
// folder-level arrows, `--floors` the floors the folder graph itself would give). The rules:
//  1. Floors: every folder of lib/ (a room: lib/<folder>, a top-level lib/<file>, or a nested room such
//     as lib/imports/read) stands on one floor of FLOORS, from the ground up: foundation, model, the
//     reading layer, the slices, the top. No import runs from a floor to a higher one; a type-only import
//     up is allowed only when listed in TYPE_ONLY_UP, with why. A room on no floor fails (place it).
//  2. The folder graph of lib/ (value imports) has no cycle: a cycle is reported with the file -> file
//     arrows that form it. (It implies the older rule: no two folders import each other both ways.)
//  3. The reading layer (READING: lib/extract, lib/classify, lib/containers, lib/imports/read) touches
//     no database: none of its files imports lib/db or a database driver (type-only included), nor
//     reaches one through value imports, directly or through other files; it imports no slice (rule 1).
//  4. No file-level import loop inside lib/, type-only imports included (a loop of types is a tangle too:
//     the shapes belong below both files): files stack. An unavoidable loop would be listed in FILE_LOOPS
//     with why (none is).
//  5. One zip reader: only the files in ZIP_READERS import a zip library (yauzl, pako, ...), each listed
//     with why; a new file that opens zips itself fails (use lib/extract/zip-reader.ts).
//  6. Browser code carries no server code: nothing that a client module (components/**, or a file
//     starting with 'use client') reaches through value imports, directly or through other files,
//     imports Node built-ins, the database layer or its drivers. Type-only imports are free.
// Imports are read as text (static import/export-from, side-effect imports, import()); a type-only
// import (`import type`, or every name marked `type`) is no arrow for rules 2, 3 (reach), 4 and 6.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Folders (and top-level files) of lib/ that form the foundation: they import nothing above them. */
const FOUNDATION = [
  'lib/errors',
  'lib/error-codes',
  'lib/enums',
  'lib/config',
  'lib/db',
  'lib/http',
  'lib/auth',
  'lib/storage',
  'lib/text',
  'lib/utils',
  'lib/net',
  'lib/gtin',
  'lib/address',
  'lib/plans',
  'lib/polyfills',
  'lib/runtime',
  'lib/health',
  'lib/email',
  'lib/jobs',
  'lib/events',
  'lib/i18n',
  'lib/ai',
  'lib/audit',
];

/** The model layer (shapes and rules with no database): it imports only the foundation. */
const MODEL = ['lib/model'];

/** The file-reading layer: reads bytes into text and facts; no database, no slice (rule 3). */
const READING = ['lib/extract', 'lib/classify', 'lib/containers', 'lib/imports/read'];

/** Rooms nested inside a folder of lib/ (their files are not the outer folder's). */
const NESTED_ROOMS = ['lib/imports/read'];

/**
 * The floors, from the ground up. A room may import rooms on its own floor or below (rule 2 keeps
 * those arrows acyclic), never above. The slice floors follow today's graph (`--floors` prints what
 * the graph alone would give): each slice imports only slices on lower floors.
 */
const FLOORS = [
  { name: 'foundation', rooms: FOUNDATION },
  { name: 'model', rooms: MODEL },
  { name: 'reading', rooms: READING },
  { name: 'slices 1', rooms: ['lib/currency', 'lib/evidence', 'lib/gtin-claims', 'lib/webhooks', 'lib/workspace'] },
  { name: 'slices 2', rooms: ['lib/requirements'] },
  { name: 'slices 3', rooms: ['lib/skus'] },
  { name: 'slices 4', rooms: ['lib/dossier', 'lib/passports', 'lib/team'] },
  { name: 'slices 5', rooms: ['lib/ai-fill', 'lib/documents', 'lib/publish'] },
  { name: 'slices 6', rooms: ['lib/entities', 'lib/exports', 'lib/research', 'lib/resolver', 'lib/translations'] },
  { name: 'slices 7', rooms: ['lib/imports', 'lib/outreach'] },
  { name: 'slices 8', rooms: ['lib/recalls'] },
  { name: 'top', rooms: ['lib/mcp', 'lib/workers', 'lib/boot', 'app', 'components'] },
];

/**
 * Type-only imports from a floor up to a higher one, each with why. No code runs across them; a type
 * import not listed here breaks rule 1 like any other.
 */
const TYPE_ONLY_UP = {};

/** File-level import loops that stand, with why (rule 4). Key: the loop's files, sorted, joined by ' | '. */
const FILE_LOOPS = {};

/**
 * The only files that may import a zip library (rule 5), each with why it reads zips itself. Everything
 * else opens a zip through lib/extract/zip-reader.ts (containers, office files, stored zips, workbooks).
 */
const ZIP_READERS = {
  'lib/extract/zip-reader.ts':
    'The zip reader for hostile input: central directory first, entry count, declared sizes, overlapping entries, real bytes and ratio counted while inflating; entries inflated asynchronously within the caps (yauzl), or synchronously piece by piece (pako) for a row generator.',
};
const ZIP_LIBS = [/^yauzl$/, /^pako$/, /^fflate$/, /^jszip$/, /^adm-zip$/, /^unzipper$/];

const DATABASE = [/^drizzle-orm(\/|$)/, /^postgres$/, /^@electric-sql\/pglite/, /^pg$/, /^pg-boss$/, /^lib\/db(\/|$)/];
const SERVER_ONLY = [/^node:/, ...DATABASE];

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!['node_modules', '.next'].includes(e.name)) walk(p, out);
    } else if (/\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.relative(root, p));
  }
  return out;
}

const files = [
  ...walk(path.join(root, 'lib')),
  ...walk(path.join(root, 'components')),
  ...walk(path.join(root, 'app')),
];
const fileSet = new Set(files);

function resolve(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.normalize(path.join(path.dirname(from), spec));
  else return spec; // a package
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, `${base}.mjs`])
    if (fileSet.has(cand)) return cand;
  return base.endsWith('.json') ? null : base;
}

const IMPORT_RE =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:([\w*\s{},$]+?)\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** file -> [{ target, typeOnly }] */
const imports = new Map();
for (const f of files) {
  const src = fs.readFileSync(path.join(root, f), 'utf8');
  const list = [];
  for (const m of src.matchAll(IMPORT_RE)) {
    const spec = m[4] ?? m[5];
    if (m[1] === 'export' && !m[3]) continue; // `export { x }` without from: no import
    const names = m[3] ?? '';
    const braces = names.match(/\{([^}]*)\}/);
    const allTypeNames =
      braces &&
      !names.replace(braces[0], '').replace(/,/g, '').trim() &&
      braces[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    list.push({ target: resolve(f, spec), typeOnly: Boolean(m[2]) || Boolean(allTypeNames) });
  }
  imports.set(f, list);
}

/** lib/<folder>, a nested room, or lib/<file without extension>; other top folders whole. */
function room(f) {
  const parts = f.split('/');
  if (parts[0] !== 'lib') return parts[0];
  const nested = NESTED_ROOMS.find((r) => f.startsWith(`${r}/`));
  if (nested) return nested;
  return parts.length > 2 ? `lib/${parts[1]}` : `lib/${parts[1].replace(/\.(ts|tsx|mjs)$/, '')}`;
}

const floorOf = new Map();
FLOORS.forEach((fl, i) => fl.rooms.forEach((r) => floorOf.set(r, i)));

const problems = [];
const figures = { upArrows: 0, typeOnlyUp: 0, folderCycles: 0, fileLoops: 0 };

// Rule 1 and the folder graph.
for (const r of new Set(files.map(room)))
  if (!floorOf.has(r)) problems.push(`${r} stands on no floor: add it to FLOORS in this script`);
const arrows = new Map();
const usedTypeOnlyUp = new Set();
for (const [f, list] of imports) {
  const a = room(f);
  for (const { target, typeOnly } of list) {
    if (!target || !fileSet.has(target)) continue;
    const b = room(target);
    if (a === b) continue;
    const fa = floorOf.get(a);
    const fb = floorOf.get(b);
    if (fa !== undefined && fb !== undefined && fb > fa) {
      const key = `${f} -> ${target}`;
      if (typeOnly && TYPE_ONLY_UP[key]) {
        usedTypeOnlyUp.add(key);
        figures.typeOnlyUp++;
      } else {
        figures.upArrows++;
        problems.push(
          `${typeOnly ? 'type-only import' : 'import'} up a floor: ${key} (${a} is on floor ${FLOORS[fa].name}, ${b} on ${FLOORS[fb].name})`,
        );
      }
    }
    if (typeOnly || !f.startsWith('lib/') || !target.startsWith('lib/')) continue;
    const key = `${a} -> ${b}`;
    if (!arrows.has(key)) arrows.set(key, []);
    arrows.get(key).push(`${f} -> ${target}`);
  }
}
for (const key of Object.keys(TYPE_ONLY_UP))
  if (!usedTypeOnlyUp.has(key)) problems.push(`${key} is no type-only import up any more: remove it from TYPE_ONLY_UP`);

/** Strongly connected components with more than one node (Tarjan), each as a list of nodes. */
function cycles(nodes, next) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  function strong(v) {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  }
  for (const v of nodes) if (!idx.has(v)) strong(v);
  return out;
}

/** One shortest cycle through the component's first node, as a list of nodes (first repeated last). */
function oneCycle(comp, next) {
  const inComp = new Set(comp);
  const start = comp[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of next(v)) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const pathBack = [v];
        while (prev.get(pathBack[0]) !== null) pathBack.unshift(prev.get(pathBack[0]));
        return [...pathBack, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return comp;
}

// Rule 2.
const folderNext = new Map();
for (const key of arrows.keys()) {
  const [a, b] = key.split(' -> ');
  if (!folderNext.has(a)) folderNext.set(a, []);
  folderNext.get(a).push(b);
}
const folderCycles = cycles([...folderNext.keys()].sort(), (v) => folderNext.get(v) ?? []);
figures.folderCycles = folderCycles.length;
for (const comp of folderCycles) {
  const cyc = oneCycle(comp, (v) => folderNext.get(v) ?? []);
  const steps = cyc.slice(1).map((b, i) => `    ${arrows.get(`${cyc[i]} -> ${b}`)[0]}`);
  problems.push(
    `folders import each other in a circle: ${cyc.join(' -> ')} (of ${comp.join(', ')})\n${steps.join('\n')}`,
  );
}

/** The chain of value imports from f to something matching one of `patterns`, or null. */
function reacher(patterns) {
  const memo = new Map();
  return function reach(f, stack = new Set()) {
    if (memo.has(f)) return memo.get(f);
    if (stack.has(f)) return null;
    stack.add(f);
    let reason = null;
    for (const { target, typeOnly } of imports.get(f) ?? []) {
      if (typeOnly || !target) continue;
      if (patterns.some((re) => re.test(target))) {
        reason = [f, target];
        break;
      }
      if (fileSet.has(target)) {
        const deeper = reach(target, stack);
        if (deeper) {
          reason = [f, ...deeper];
          break;
        }
      }
    }
    stack.delete(f);
    memo.set(f, reason);
    return reason;
  };
}

// Rule 3.
const reachesDatabase = reacher(DATABASE);
for (const f of files) {
  if (!READING.includes(room(f))) continue;
  for (const { target } of imports.get(f))
    if (target && DATABASE.some((re) => re.test(target)))
      problems.push(`the reading layer imports the database: ${f} -> ${target}`);
  const chain = reachesDatabase(f);
  if (chain && chain.length > 2) problems.push(`the reading layer reaches the database: ${chain.join(' -> ')}`);
}

// Rule 4.
const libFiles = files.filter((f) => f.startsWith('lib/'));
const fileNext = (f) =>
  (imports.get(f) ?? []).filter((i) => i.target?.startsWith('lib/') && fileSet.has(i.target)).map((i) => i.target);
const fileLoops = cycles(libFiles, fileNext);
figures.fileLoops = fileLoops.length;
const standingLoops = new Set();
for (const comp of fileLoops) {
  const key = comp.join(' | ');
  if (FILE_LOOPS[key]) {
    standingLoops.add(key);
    continue;
  }
  problems.push(
    `files import each other in a loop: ${oneCycle(comp, fileNext).join(' -> ')}${comp.length > 2 ? ` (of ${comp.join(', ')})` : ''}`,
  );
}
for (const key of Object.keys(FILE_LOOPS))
  if (!standingLoops.has(key)) problems.push(`the loop ${key} is gone: remove it from FILE_LOOPS in this script`);

// Rule 5.
for (const f of files)
  for (const { target } of imports.get(f))
    if (target && ZIP_LIBS.some((re) => re.test(target)) && !(f in ZIP_READERS))
      problems.push(`a second zip reader: ${f} imports ${target}; read zips through lib/extract/zip-reader.ts`);

// Rule 6.
const isClient = (f) =>
  f.startsWith('components/') || /^\s*['"]use client['"]/.test(fs.readFileSync(path.join(root, f), 'utf8'));
const reachesServer = reacher(SERVER_ONLY);
for (const f of files)
  if (isClient(f)) {
    const chain = reachesServer(f);
    if (chain) problems.push(`client code reaches server code: ${chain.join(' -> ')}`);
  }

if (process.argv.includes('--graph')) for (const key of [...arrows.keys()].sort()) console.log(key);
if (process.argv.includes('--floors')) {
  // Longest path from the ground over the value arrows between slices (rooms above the reading layer).
  const height = new Map();
  const h = (r, seen = new Set()) => {
    if (height.has(r)) return height.get(r);
    if (seen.has(r) || (floorOf.get(r) ?? 99) <= 2) return 0;
    seen.add(r);
    const v = 1 + Math.max(0, ...(folderNext.get(r) ?? []).map((b) => h(b, seen)));
    height.set(r, v);
    return v;
  };
  const by = new Map();
  for (const r of new Set(libFiles.map(room))) {
    if ((floorOf.get(r) ?? 99) <= 2) continue;
    const v = h(r);
    if (!by.has(v)) by.set(v, []);
    by.get(v).push(r);
  }
  for (const v of [...by.keys()].sort((x, y) => x - y)) console.log(`slice floor ${v}: ${by.get(v).sort().join(', ')}`);
}
const summary = `${folderCycles.length} folder cycle(s), ${figures.upArrows} import(s) up a floor (+${figures.typeOnlyUp} listed type-only), ${fileLoops.length} file-level loop(s) (${standingLoops.size} listed)`;
if (problems.length) {
  console.error(`check-layers: ${problems.length} problem(s); ${summary}\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `check-layers: ${files.length} files on ${FLOORS.length} floors; ${summary}; the reading layer touches no database; zips opened only by the ${Object.keys(ZIP_READERS).length} files of ZIP_READERS; client code reaches no server code`,
);
