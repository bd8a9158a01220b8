// `npm audit` of the runtime dependencies: fails on a high or critical advisory. Where the registry
// this machine reaches does not serve the advisory database, it says so and does not pass silently
// for a clean result: the line printed says the audit could not run.
import { execFileSync } from 'node:child_process';

let output;
try {
  output = execFileSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
} catch (error) {
  // npm audit exits non-zero when it finds advisories; the report is still on stdout.
  output = error.stdout;
}
const report = JSON.parse(output || '{}');
if (report.statusCode || report.error) {
  console.log(`npm audit: NOT RUN, the advisory database is unreachable here (${report.statusCode ?? report.error?.code ?? 'error'})`);
  process.exit(0);
}
const counts = report.metadata?.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`npm audit (runtime dependencies): ${JSON.stringify(counts)}`);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical') console.log(`  ${entry.severity}: ${name} (${entry.range})`);
  }
  process.exit(1);
}
