import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/test-summary.mjs', import.meta.url));
const run = promisify(execFile);
const dir = await mkdtemp(join(tmpdir(), 'chat-summary-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

interface FileResult {
  name: string;
  status: 'passed' | 'failed';
  message: string;
  assertionResults: { status: 'passed' | 'failed' | 'pending'; title: string }[];
}

/** A vitest JSON report made of these files, written to a file of its own: its path. */
async function reportOf(files: FileResult[], success = files.every((file) => file.status === 'passed')) {
  const count = (status: string) => files.flatMap((file) => file.assertionResults).filter((test) => test.status === status).length;
  const report = {
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('pending'),
    numTodoTests: 0,
    success,
    testResults: files,
  };
  const path = join(dir, `${files.map((file) => file.name).join('-')}-${success}.json`);
  await writeFile(path, JSON.stringify(report));
  return path;
}

/** The closing lines printed for these reports. */
async function closingLines(...paths: string[]) {
  const { stdout } = await run(process.execPath, [SCRIPT, ...paths]);
  return stdout.trim().split('\n');
}

/** The closing lines printed for a vitest JSON report made of these files. */
const summary = async (files: FileResult[], success?: boolean) => closingLines(await reportOf(files, success));

const passing = (name: string, tests = 2): FileResult => ({
  name,
  status: 'passed',
  message: '',
  assertionResults: Array.from({ length: tests }, (_, i) => ({ status: 'passed', title: `test ${i}` })),
});

describe('the closing line of make test', () => {
  it('counts passed, failed and skipped tests', async () => {
    const file = passing('a.test.ts', 3);
    file.status = 'failed';
    file.assertionResults[0]!.status = 'failed';
    file.assertionResults[1]!.status = 'pending';
    expect((await summary([file, passing('b.test.ts')])).at(-1)).toBe('vitest: 3 passed, 1 failed, 1 skipped');
  });

  it('counts a file whose hook failed while all its tests passed', async () => {
    const hookFailed = { ...passing('chat.test.ts'), status: 'failed' as const };
    const lines = await summary([hookFailed, passing('b.test.ts')]);
    expect(lines.at(-1)).toBe('vitest: 4 passed, 1 failed, 0 skipped');
    expect(lines).toContain('failed outside a test: chat.test.ts (a hook failed; see its error above)');
  });

  it('counts a file that failed to load', async () => {
    const broken: FileResult = { name: 'x.test.ts', status: 'failed', message: 'Cannot find module y\nstack', assertionResults: [] };
    const lines = await summary([broken]);
    expect(lines).toEqual(['failed outside a test: x.test.ts: Cannot find module y', 'vitest: 0 passed, 1 failed, 0 skipped']);
  });

  it('counts an error that no test caught', async () => {
    expect((await summary([passing('a.test.ts')], false)).at(-1)).toBe('vitest: 2 passed, 1 failed, 0 skipped');
  });

  it('says failed when vitest wrote no report at all', async () => {
    expect((await closingLines(join(dir, 'missing.json'))).at(-1)).toBe('vitest: 0 passed, 1 failed, 0 skipped');
  });

  it("adds up several runs' reports (the suites, then the same adapter suites on containers), a missing one failing", async () => {
    const first = await reportOf([passing('a.test.ts', 3)]);
    const second = await reportOf([passing('b.test.ts', 4)]);
    expect((await closingLines(first, second)).at(-1)).toBe('vitest: 7 passed, 0 failed, 0 skipped');
    expect((await closingLines(first, join(dir, 'none.json'))).at(-1)).toBe('vitest: 3 passed, 1 failed, 0 skipped');
  });
});
