// Prints vitest's JSON report as one closing line that CI reads: "vitest: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const [path = 'test-results/vitest.json'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(path, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
