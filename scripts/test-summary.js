// Prints jest's totals as one plain closing line ("tests: N passed, N failed, N skipped") that CI can read.
const fs = require('node:fs');

const file = process.argv[2];
if (!fs.existsSync(file)) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
console.log(`tests: ${r.numPassedTests} passed, ${failed} failed, ${r.numPendingTests} skipped`);
