// Prints vitest's JSON report as one closing line that CI reads: "vitest: N passed, N failed, N skipped".
// A failure outside any test counts as failed too: a hook or an import that threw fails its file
// with every test in it passed, and an error no test caught fails the run with every file passed.
import { existsSync, readFileSync } from 'node:fs';

const [path = 'test-results/vitest.json'] = process.argv.slice(2);

if (!existsSync(path)) {
  console.log(`vitest wrote no report (${path}): the run stopped before it finished`);
  console.log('vitest: 0 passed, 1 failed, 0 skipped');
  process.exit(0);
}

const report = JSON.parse(readFileSync(path, 'utf8'));
const failedOutsideTests = report.testResults.filter(
  (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
);
for (const file of failedOutsideTests) {
  const reason = file.message ? `: ${file.message.split('\n')[0]}` : ' (a hook failed; see its error above)';
  console.log(`failed outside a test: ${file.name}${reason}`);
}
let failed = report.numFailedTests + failedOutsideTests.length;
if (!report.success && failed === 0) {
  console.log('failed outside every file: an error no test caught (see "Unhandled Errors" above)');
  failed = 1;
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`vitest: ${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
