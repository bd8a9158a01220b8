// Prints vitest's JSON reports (one run's, or several runs' added up) as one closing line that CI
// reads: "vitest: N passed, N failed, N skipped". A failure outside any test counts as failed too:
// a hook or an import that threw fails its file with every test in it passed, and an error no test
// caught fails the run with every file passed. A report that is missing is a run that stopped.
import { existsSync, readFileSync } from 'node:fs';

const paths = process.argv.slice(2);
if (paths.length === 0) paths.push('test-results/vitest.json');

/** One report's counts, saying what failed outside the tests. */
function countsOf(path) {
  if (!existsSync(path)) {
    console.log(`vitest wrote no report (${path}): the run stopped before it finished`);
    return { passed: 0, failed: 1, skipped: 0 };
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
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const counts of paths.map(countsOf)) for (const key of Object.keys(total)) total[key] += counts[key];
console.log(`vitest: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
