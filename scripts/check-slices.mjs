// The slice template of CODE_STYLE.md ("One slice template"), checked on the code as text. Run in CI
// (.ci/run, step `slices`) and by hand: `node scripts/check-slices.mjs` (exit 1 on a break).
//
// Two kinds of rule:
//  - Hard rules, which hold everywhere today and fail on the first break:
//    1. Only the job engine (lib/jobs) writes job_runs: a slice enqueues through lib/jobs and never inserts,
//       updates or deletes a run row itself.
//    2. A route file (app/api/**/route.ts) reaches the database only through a slice: no drizzle-orm, no
//       lib/db/schema tables, no SQL.
//    3. Every slice with a service has its shapes in schemas.ts (or a schemas/ folder).
//    4. No service.ts in lib/ passes SERVICE_MAX_LINES: past that a slice has a file per operation, and
//       service.ts keeps what its operations share (CODE_STYLE.md, "One slice template").
//  - Ratchets, for what the code still does the old way: the count may only fall. A count above its ceiling
//    fails (new code must follow the template); a count below it fails too until the ceiling is lowered to
//    it here, so the gain is kept.
//    a. Route files that build zod shapes inline instead of taking them from the slice's schemas.ts.
//    b. Client modules that send a write (POST/PATCH/PUT/DELETE) with apiFetch or idempotentWrite instead of
//       useApiMutation.
//    c. Exported async domain functions with positional arguments after `db` (the template is
//       fn(db, { ... })).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Ceilings of the ratchets: lower them when the count falls, never raise them. */
const CEILINGS = {
  // 0 since issue 36: every route file declares its params only (106 at the start of the issue).
  routeFilesWithInlineZod: 0,
  // 0 since issue 36 (32 at its start, once the regex saw idempotentWrite and apiFetch<T>().
  clientWritesWithoutMutationHook: 0,
  // 0 since issue 36: every domain function takes fn(db, { ... }) (counted by parsing the parameter lists: 195 at
  // the start of the issue; the one-line regex before saw 161 of them).
  positionalDomainFunctions: 0,
};

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!['node_modules', '.next'].includes(e.name)) walk(p, out);
    } else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.relative(root, p));
  }
  return out;
}
const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');

const lib = walk(path.join(root, 'lib'));
// Every route file: the API under app/api, and the public ones beside the pages (/p/…, /01/…, /.well-known/…).
const routes = walk(path.join(root, 'app')).filter((f) => f.endsWith('/route.ts'));
const client = [...walk(path.join(root, 'components')), ...walk(path.join(root, 'app'))].filter(
  (f) => f.startsWith('components/') || /^\s*['"]use client['"]/.test(read(f)),
);

const problems = [];

// 1. job_runs written only by lib/jobs.
const JOB_RUN_WRITE = /\b(insert|update|delete)\(\s*jobRuns\s*\)|\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+job_runs\b/i;
for (const f of lib) {
  if (f.startsWith('lib/jobs/') || f.startsWith('lib/db/')) continue;
  if (JOB_RUN_WRITE.test(read(f)))
    problems.push(`${f} writes job_runs itself: enqueue and finish runs through lib/jobs`);
}

// 2. Routes reach the database through a slice.
for (const f of routes) {
  const text = read(f);
  if (/from 'drizzle-orm|from '@\/lib\/db\/schema|\bsql`/.test(text))
    problems.push(`${f} queries the database itself: call the slice's service`);
}

// 3. A slice with a service keeps its shapes in schemas.ts.
const sliceDirs = new Set(lib.map((f) => path.dirname(f)).filter((d) => d.split(path.sep).length === 2));
for (const d of sliceDirs) {
  const hasService = fs.existsSync(path.join(root, d, 'service.ts'));
  const hasSchemas =
    fs.existsSync(path.join(root, d, 'schemas.ts')) || fs.existsSync(path.join(root, d, 'schemas', 'index.ts'));
  if (hasService && !hasSchemas) problems.push(`${d} has a service.ts but no schemas.ts`);
}

// 4. A service past the size the template allows is split by operation.
const SERVICE_MAX_LINES = 300;
for (const f of lib.filter((f) => path.basename(f) === 'service.ts')) {
  const lines = read(f).split('\n').length - 1;
  if (lines > SERVICE_MAX_LINES)
    problems.push(`${f} has ${lines} lines (at most ${SERVICE_MAX_LINES}): move its operations to a file each`);
}

// a. Inline zod in routes: a params schema is allowed (a route declares its path's params); any other
//    zod builder in a route file counts.
// No /g: a global regex's test() carries lastIndex from one file to the next, which left files uncounted.
// Any call on z counts (z.strictObject, z.uuid, z.iso.date, ...): a list of builder names missed the
// z.strictObject bodies of two routes. A type (z.infer<...>) is no call and does not count.
const ZOD_BUILDER = /\bz\.\w+(\.\w+)*\(/;
/** The text without its `params: z.object(...)` declarations, cut at the matching parenthesis (a regex
 * in a param, such as /^[0-9a-f]{64}$/, holds braces of its own). */
function withoutParams(text) {
  let out = text;
  for (let i = out.search(/params:\s*z\.object\(/); i >= 0; i = out.search(/params:\s*z\.object\(/)) {
    let j = out.indexOf('(', i);
    for (let depth = 0; j < out.length; j++) {
      if (out[j] === '(') depth++;
      else if (out[j] === ')' && --depth === 0) break;
    }
    out = out.slice(0, i) + out.slice(j + 1);
  }
  return out;
}
const routeFilesWithInlineZod = routes.filter((f) => ZOD_BUILDER.test(withoutParams(read(f))));

// b. Client writes without the mutation hook: a client module outside components/api/ (where the hook and
//    the fetch helpers live) that calls idempotentWrite (always a write), or apiFetch with a method other than
//    GET. Calls are read one by one, type arguments included (`apiFetch<T>(`, which the first version of this
//    regex did not see), so a GET beside a hook's `method: 'POST'` does not count.
/** The argument text of each call of `name` in `text` (`name(…)` or `name<…>(…)`). */
function callArgs(text, name) {
  const out = [];
  const re = new RegExp(`\\b${name}\\s*(?=[<(])`, 'g');
  for (let m; (m = re.exec(text));) {
    let i = m.index + m[0].length;
    if (text[i] === '<') {
      for (let depth = 0; i < text.length; i++) {
        if (text[i] === '<') depth++;
        else if (text[i] === '>' && text[i - 1] !== '=' && --depth === 0) break;
      }
      i++;
      while (/\s/.test(text[i] ?? '')) i++;
    }
    if (text[i] !== '(') continue;
    const start = i;
    for (let depth = 0; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) break;
    }
    out.push(text.slice(start + 1, i));
  }
  return out;
}
const isWriteFetch = (args) => /\bmethod\b/.test(args) && !/\bmethod:\s*['"`]GET['"`]/.test(args);
const clientWritesWithoutMutationHook = client.filter((f) => {
  if (f.startsWith('components/api/')) return false;
  const text = read(f);
  return callArgs(text, 'idempotentWrite').length > 0 || callArgs(text, 'apiFetch').some(isWriteFetch);
});

// c. Positional domain functions: an exported function in lib/ (declared, async or not, or an
//    `export const f = (…) =>`) whose first parameter is the database handle (typed Db or Tx, whatever its
//    name; on one line or several) and whose other parameters are not one argument object. One argument
//    object is a destructured `{ ... }`, a parameter with an inline object type (`args: { ... }`), or one
//    typed with a named *Args / *Input / *Entry type. Anything else after the handle counts: two or more
//    parameters, or one of any other type (`workspaceId: string`, `actor: Actor`, `rows: Row[]`). lib/db (the
//    query helpers, e.g. queryRows(db, sql`...`)) is plumbing, not a slice. Module-private helpers are not
//    counted.
function paramList(text, open) {
  // The text between the parenthesis at `open` and its match; brackets counted, `=>` is no closing angle.
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return '';
}
function splitParams(list) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if ('([{<'.includes(c)) depth++;
    else if (')]}'.includes(c) || (c === '>' && list[i - 1] !== '=')) depth--;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
const DB_PARAM = /^\w+\??\s*:\s*(Db|Tx)\b/;
const ONE_ARGS_OBJECT = /^(\{|\w+\??\s*:\s*\{|\w+\??\s*:\s*\w*(Args|Input|Entry)\s*(=.*)?$)/s;
const positionalDomainFunctionList = [];
for (const f of lib) {
  if (f.startsWith('lib/db/')) continue;
  const text = read(f)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/[^\n]*/g, '$1');
  for (const m of text.matchAll(
    /export (?:async )?function\*?\s*(\w+)\s*(?:<[^(]*>)?\(|export const (\w+)\s*=\s*(?:async\s*)?(?:<[^(]*>)?\(/g,
  )) {
    const params = splitParams(paramList(text, m.index + m[0].length - 1));
    if (!params.length || !DB_PARAM.test(params[0])) continue;
    const rest = params.slice(1);
    if (rest.length === 0 || (rest.length === 1 && ONE_ARGS_OBJECT.test(rest[0]))) continue;
    positionalDomainFunctionList.push(`${f}: ${m[1] ?? m[2]}`);
  }
}
const positionalDomainFunctions = positionalDomainFunctionList.length;

const counts = {
  routeFilesWithInlineZod: routeFilesWithInlineZod.length,
  clientWritesWithoutMutationHook: clientWritesWithoutMutationHook.length,
  positionalDomainFunctions,
};
for (const [name, n] of Object.entries(counts)) {
  const ceiling = CEILINGS[name];
  if (n > ceiling)
    problems.push(`${name}: ${n}, above its ceiling ${ceiling}: follow the slice template (CODE_STYLE.md)`);
  if (n < ceiling)
    problems.push(`${name}: ${n}, below its ceiling ${ceiling}: lower CEILINGS.${name} to ${n} in this script`);
}

if (process.argv.includes('--list')) {
  console.log('route files with inline zod:\n  ' + routeFilesWithInlineZod.join('\n  '));
  console.log('client writes without useApiMutation:\n  ' + clientWritesWithoutMutationHook.join('\n  '));
  console.log('positional domain functions:\n  ' + positionalDomainFunctionList.join('\n  '));
}

if (problems.length) {
  console.error(`check-slices: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`- ${p}`);
  process.exit(1);
}
console.log(
  `check-slices: ${routes.length} routes, ${sliceDirs.size} lib folders; job_runs written only by lib/jobs; routes reach the database through slices; no service.ts over ${SERVICE_MAX_LINES} lines; ` +
    `ratchets: ${counts.routeFilesWithInlineZod} route files with inline zod, ${counts.clientWritesWithoutMutationHook} client writes without useApiMutation, ` +
    `${counts.positionalDomainFunctions} positional domain functions`,
);
