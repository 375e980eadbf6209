// Prints CI's closing lines: per report "N passed, N failed", then each failed test with the first lines of
// its error (so the tail of the CI log says what broke), then "tests: N passed, N failed" over all reports.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLines = (text, n = 4) =>
  String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter(Boolean)
    .slice(0, n)
    .join(' | ')
    .slice(0, 600);

function playwrightFailures(suite, file, out) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'unexpected' || t.status === 'flaky') {
        const err = t.results?.find((r) => r.error)?.error?.message;
        out.push(`${file}: ${spec.title} [${t.status}] ${firstLines(err)}`);
      }
    }
  }
  for (const s of suite.suites ?? []) playwrightFailures(s, file, out);
}

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    for (const f of r.testResults ?? []) {
      const name = f.name.replace(/.*?\/tests\//, 'tests/');
      for (const t of f.assertionResults ?? []) {
        if (t.status === 'failed')
          failures.push(`${file}: ${name} › ${t.fullName ?? t.title}: ${firstLines(t.failureMessages?.[0])}`);
      }
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${file}: ${name} (file failed): ${firstLines(f.message)}`);
      }
    }
  } else if (r.stats) {
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped ?? 0;
    console.log(
      `${file}: ${r.stats.expected ?? 0} passed, ${r.stats.unexpected ?? 0} failed, ${r.stats.flaky ?? 0} flaky`,
    );
    for (const s of r.suites ?? []) playwrightFailures(s, file, failures);
  }
}
if (failures.length) {
  console.log('failed:');
  for (const f of failures) console.log(`  - ${f}`);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
