// Adds up the JSON reports that .ci/run asks each test step to write (vitest and Playwright)
// and prints one plain closing line: "Totals: N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.tmp/ci';
const totals = { passed: 0, failed: 0, skipped: 0 };
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.stats) {
    // Playwright
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else {
    // Vitest
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  console.log(
    `${file}: ${JSON.stringify(report.stats ?? { passed: report.numPassedTests, failed: report.numFailedTests })}`,
  );
}
if (files.length === 0) {
  console.log('no test reports found');
  process.exit(1);
}
console.log(`Totals: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
