// The layering rules of CODE_STYLE.md ("Floors"), checked on the code's own imports. Run in CI
// (.ci/run) and by hand: `node scripts/check-layers.mjs` (exit 1 on a break; `--graph` prints the
// folder-level arrows). Three rules:
//  1. The foundation imports no slice: its folders import only each other (and npm packages); the model
//     layer (lib/model) imports only the foundation.
//  2. No two folders of lib/ import each other both ways, except the pairs listed in KNOWN_PAIRS, each
//     with the reason it still stands. A new pair fails; a listed pair that is gone fails too, so the
//     list only shrinks.
//  3. Browser code carries no server code: nothing that a client module (components/**, or a file
//     starting with 'use client') reaches through value imports, directly or through other files,
//     imports Node built-ins, the database layer or its drivers. Type-only imports are free.
// Imports are read as text (static import/export-from, side-effect imports, import()); a type-only
// import (`import type`, or every name marked `type`) is no arrow for rules 2 and 3.
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
];

/** The model layer (shapes and rules with no database): it imports only the foundation. */
const MODEL = ['lib/model'];

/** Two-way folder pairs that still stand, with why. Remove a line when its pair is untangled. */
const KNOWN_PAIRS = {};

/**
 * Type-only imports from the foundation up to the model layer, each with why. No code runs across them;
 * a type import not listed here breaks rule 1 like any other.
 */
const TYPE_ONLY_UP = {
  'lib/i18n/public/types.ts -> lib/model/categories.ts':
    "Every locale's public texts must name every category: Record<CategoryCode, string> makes a missing label a type error.",
};

const SERVER_ONLY = [/^node:/, /^drizzle-orm(\/|$)/, /^postgres$/, /^@electric-sql\/pglite/, /^pg-boss$/, /^lib\/db\//];

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

/** lib/<folder> or lib/<file without extension>; other top folders whole. */
function room(f) {
  const parts = f.split('/');
  if (parts[0] !== 'lib') return parts[0];
  return parts.length > 2 ? `lib/${parts[1]}` : `lib/${parts[1].replace(/\.(ts|tsx|mjs)$/, '')}`;
}

const problems = [];

// Rule 1 and the folder graph.
const arrows = new Map();
for (const [f, list] of imports) {
  if (!f.startsWith('lib/')) continue;
  const a = room(f);
  for (const { target, typeOnly } of list) {
    if (!target || !target.startsWith('lib/')) continue;
    const b = room(target);
    if (a === b) continue;
    if (FOUNDATION.includes(a) && !FOUNDATION.includes(b) && !(typeOnly && TYPE_ONLY_UP[`${f} -> ${target}`]))
      problems.push(`foundation imports a slice: ${f} -> ${target} (${a} is foundation, ${b} is not)`);
    if (MODEL.includes(a) && !FOUNDATION.includes(b) && !MODEL.includes(b))
      problems.push(`the model layer imports a slice: ${f} -> ${target}`);
    if (typeOnly) continue;
    const key = `${a} -> ${b}`;
    if (!arrows.has(key)) arrows.set(key, []);
    arrows.get(key).push(`${f} -> ${target}`);
  }
}

// Rule 2.
const pairs = new Set();
for (const key of arrows.keys()) {
  const [a, b] = key.split(' -> ');
  if (a < b && arrows.has(`${b} -> ${a}`)) pairs.add(`${a} <-> ${b}`);
}
for (const p of pairs)
  if (!KNOWN_PAIRS[p]) {
    const [a, b] = p.split(' <-> ');
    problems.push(
      `folders import each other both ways: ${p}\n    ${arrows.get(`${a} -> ${b}`)[0]}\n    ${arrows.get(`${b} -> ${a}`)[0]}`,
    );
  }
for (const p of Object.keys(KNOWN_PAIRS))
  if (!pairs.has(p)) problems.push(`${p} no longer imports both ways: remove it from KNOWN_PAIRS in this script`);

// Rule 3.
const isClient = (f) =>
  f.startsWith('components/') || /^\s*['"]use client['"]/.test(fs.readFileSync(path.join(root, f), 'utf8'));
const serverReason = new Map();
function reachesServer(f, stack = new Set()) {
  if (serverReason.has(f)) return serverReason.get(f);
  if (stack.has(f)) return null;
  stack.add(f);
  let reason = null;
  for (const { target, typeOnly } of imports.get(f) ?? []) {
    if (typeOnly || !target) continue;
    if (SERVER_ONLY.some((re) => re.test(target))) {
      reason = [f, target];
      break;
    }
    if (fileSet.has(target)) {
      const deeper = reachesServer(target, stack);
      if (deeper) {
        reason = [f, ...deeper];
        break;
      }
    }
  }
  stack.delete(f);
  serverReason.set(f, reason);
  return reason;
}
for (const f of files)
  if (isClient(f)) {
    const chain = reachesServer(f);
    if (chain) problems.push(`client code reaches server code: ${chain.join(' -> ')}`);
  }

if (process.argv.includes('--graph')) for (const key of [...arrows.keys()].sort()) console.log(key);
if (problems.length) {
  console.error(`check-layers: ${problems.length} problem(s)\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `check-layers: ${files.length} files; foundation imports no slice; ${pairs.size} known two-way folder pair(s) left; client code reaches no server code`,
);
