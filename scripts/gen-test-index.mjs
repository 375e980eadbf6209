// Writes tests/INDEX.md: every API operation (from the route files' defineRoute declarations) with the test
// files that exercise it, and every test file's header line. A test exercises an operation when it
// calls its route module (`call(route, 'METHOD', ...)` on an `import * as route from '@/app/api/…/route'`),
// or names it in a `describe`/`test`/`it` title (its operationId, or "METHOD /api/path"), or requests
// its path from a browser test. An operation's home is the test file (or files) whose `describe` title
// names its operationId (the form is '<operationId>, … — <what the block holds true>'): the index lists it
// first. Run by hand after adding tests; `--check` (CI) fails when the file is stale, when a test file has
// no header comment, when an operation has no test at all, or when no describe title names an operation.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'tests', 'INDEX.md');

function walk(dir, keep, acc = []) {
  if (!fs.existsSync(dir)) return acc;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, keep, acc);
    else if (keep(e.name)) acc.push(path.relative(root, p).split(path.sep).join('/'));
  }
  return acc.sort();
}

// Operations: each defineRoute({ method, path, operationId }) in app/api.
const operations = [];
for (const file of walk(path.join(root, 'app', 'api'), (n) => n === 'route.ts')) {
  const src = fs.readFileSync(path.join(root, file), 'utf8');
  for (const m of src.matchAll(
    /defineRoute\(\{\s*method:\s*'([A-Z]+)',\s*path:\s*'([^']+)',\s*operationId:\s*'([^']+)'/g,
  ))
    operations.push({ method: m[1], path: m[2], operationId: m[3], file: file.replace(/\.ts$/, '') });
}

// A path template as a pattern matching concrete paths (/api/skus/{id} matches /api/skus/123 and ${id}).
const pathPattern = (p) =>
  new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/?]+')}(?:[?#].*)?$`);
for (const op of operations) op.pattern = pathPattern(op.path);

const tests = walk(path.join(root, 'tests'), (n) => /\.(test|spec)\.ts$/.test(n));
// Helpers beside the tests call routes for them (tests/api/ai/helpers.ts, the MCP harness): read too.
const sources = walk(path.join(root, 'tests'), (n) => /\.ts$/.test(n)).filter((f) => !f.startsWith('tests/fixtures/'));
const covered = new Map(operations.map((op) => [op.operationId, new Set()]));
// Home files: the test files with a describe title naming the operationId.
const homes = new Map(operations.map((op) => [op.operationId, new Set()]));
const headers = new Map();
const missingHeader = [];

for (const file of sources) {
  const src = fs.readFileSync(path.join(root, file), 'utf8');
  const isTest = tests.includes(file);
  const head = src.match(/^\s*(?:\/\*\*?([\s\S]*?)\*\/|((?:\/\/[^\n]*\n)+))/);
  if (!head) {
    if (isTest) missingHeader.push(file);
  } else if (isTest) {
    const text = (head[1] ?? head[2])
      .replace(/^\s*\*\s?/gm, '')
      .replace(/^\s*\/\/\s?/gm, '')
      .replace(/\s+/g, ' ')
      .trim();
    headers.set(file, text.length > 160 ? `${text.slice(0, 157)}…` : text);
  }
  const routeVars = new Map();
  for (const m of src.matchAll(/import \* as (\w+) from '@\/(app\/api\/[^']+\/route)'/g)) routeVars.set(m[1], m[2]);
  const hit = (op) => covered.get(op.operationId).add(file);
  // call(route, 'GET', …); a method held in a variable counts for every method of that route file.
  for (const m of src.matchAll(/\bcall\(\s*(\w+)\s*,\s*(?:'([A-Z]+)'|[A-Za-z_$][\w$]*)/g)) {
    const routeFile = routeVars.get(m[1]);
    for (const op of operations) if (op.file === routeFile && (!m[2] || op.method === m[2])) hit(op);
  }
  // describe('…'), test.describe('…'), describe.runIf(cond)('…'); not describe.configure({ … }).
  const describeTitles = [
    ...src.matchAll(/\bdescribe(?:\.\w+(?:\((?:[^()]|\([^()]*\))*\))?)*\(\s*(['`"])([\s\S]*?)\1/g),
  ].map((m) => m[2]);
  for (const op of operations)
    if (isTest && describeTitles.some((t) => new RegExp(`\\b${op.operationId}\\b`).test(t)))
      homes.get(op.operationId).add(file);
  const titles = [...src.matchAll(/\b(?:describe|it|test)(?:\.\w+)*\(\s*(['`"])([\s\S]*?)\1/g)].map((m) => m[2]);
  for (const op of operations) {
    const byName = new RegExp(`\\b${op.operationId}\\b`);
    if (titles.some((t) => byName.test(t) || t.includes(`${op.method} ${op.path}`))) hit(op);
  }
  // Browser and socket tests: a request of the path with the method (page.request.post('/api/…'), fetch with method).
  for (const m of src.matchAll(/\.(get|post|put|patch|delete)\(\s*[`'"](?:\$\{[^}]+\})?(\/api\/[^`'"]+)[`'"]/g)) {
    const method = m[1].toUpperCase();
    const p = m[2].replace(/\$\{[^}]+\}/g, 'x');
    for (const op of operations) if (op.method === method && op.pattern.test(p)) hit(op);
  }
}

const byTag = [...operations].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
const untested = byTag.filter((op) => covered.get(op.operationId).size === 0);
const homeless = byTag.filter((op) => homes.get(op.operationId).size === 0);
const list = (files) => [...files].map((f) => `\`${f}\``).join(', ');
const lines = [
  '# Tests by operation',
  '',
  'Generated by `node scripts/gen-test-index.mjs` (checked in CI with `--check`). Each API operation with its home',
  "test files (a `describe` title names its operationId: '<operationId>, … — <what the block holds true>') and the",
  'other test files that call its route, name it in a test title (operationId or "METHOD /path"), or request it',
  'from a browser.',
  '',
  `${operations.length} operations, ${operations.length - untested.length} with a test, ${operations.length - homeless.length} named in a describe; ${tests.length} test files.`,
  '',
  '| operation | method and path | home (describe names it) | other test files |',
  '| --- | --- | --- | --- |',
  ...byTag.map((op) => {
    const home = homes.get(op.operationId);
    const others = [...covered.get(op.operationId)].filter((f) => !home.has(f));
    return `| ${op.operationId} | ${op.method} ${op.path} | ${list(home) || '**none**'} | ${list(others) || (home.size ? '' : '**none**')} |`;
  }),
  '',
  '# Test files',
  '',
  '| file | what it holds true |',
  '| --- | --- |',
  ...tests.map((f) => `| \`${f}\` | ${(headers.get(f) ?? '**no header**').replace(/\|/g, '\\|')} |`),
  '',
];
const text = lines.join('\n');

if (process.argv.includes('--check')) {
  const problems = [];
  if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== text)
    problems.push('tests/INDEX.md is stale: run node scripts/gen-test-index.mjs');
  for (const f of missingHeader) problems.push(`${f}: no header comment saying what the file holds true`);
  for (const op of untested) problems.push(`${op.operationId} (${op.method} ${op.path}): no test exercises it`);
  for (const op of homeless)
    problems.push(
      `${op.operationId} (${op.method} ${op.path}): no describe title names it; add it to the describe of the test file that exercises it most ('${op.operationId} — <title>'), then run node scripts/gen-test-index.mjs`,
    );
  if (problems.length) {
    console.error(`gen-test-index: ${problems.length} problem(s)\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    `gen-test-index: ${operations.length} operations, each with a test and named in a describe; ${tests.length} test files, each with a header`,
  );
} else {
  fs.writeFileSync(out, text);
  console.log(
    `tests/INDEX.md: ${operations.length} operations (${untested.length} without a test, ${homeless.length} named in no describe), ${tests.length} test files (${missingHeader.length} without a header)`,
  );
  for (const op of untested) console.log(`  untested: ${op.operationId} ${op.method} ${op.path}`);
  for (const op of homeless) console.log(`  named in no describe: ${op.operationId} ${op.method} ${op.path}`);
}
