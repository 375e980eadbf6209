// Prints one closing line for CI: "tests: N passed, N failed" over the Vitest and Playwright reports.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  } else if (r.stats) {
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped ?? 0;
    console.log(`${file}: ${r.stats.expected ?? 0} passed, ${r.stats.unexpected ?? 0} failed`);
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
