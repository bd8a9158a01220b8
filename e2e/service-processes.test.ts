import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { embeddedDataDir, eventually } from '#test-support';

const run = promisify(execFile);
const main = (service: string) => fileURLToPath(new URL(`../services/${service}/dist/main.js`, import.meta.url));

describe('a service started on its own', () => {
  it.each([
    ['auth', 'JWT_SECRET, DATABASE_URL, NATS_URL, REDIS_URL, S3_ENDPOINT are required'],
    ['messages', 'JWT_SECRET, DATABASE_URL, NATS_URL, REDIS_URL, S3_ENDPOINT are required'],
    ['gateway', 'JWT_SECRET, NATS_URL, REDIS_URL are required'],
  ])('%s refuses to start without the servers its replicas share, naming each', async (service, missing) => {
    const env = { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'silent' };
    const failure = await run(process.execPath, [main(service)], { env, timeout: 15_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`Configuration error: ${missing} when a service runs on its own`);
  });

  it('refuses a bad variable before touching any server', async () => {
    const env = { PATH: process.env.PATH ?? '', JWT_SECRET: 'z'.repeat(40), DATABASE_URL: 'mysql://db/chat' };
    const failure = await run(process.execPath, [main('messages')], { env, timeout: 15_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.stderr).toContain('DATABASE_URL must be a postgres or postgresql URL');
  });
});

describe('make start', () => {
  it('ends with one plain line saying where Chat.io runs, then logs each request in one line without its query', async () => {
    const env = { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: await embeddedDataDir('chat-start') };
    const child = spawn(process.execPath, [main('embedded')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const readyLine = /^Chat\.io is running at (http:\/\/localhost:\d+)$/m;
      await eventually(() => readyLine.test(output), '"Chat.io is running at …" on the standard output', 60_000);
      const baseUrl = readyLine.exec(output)?.[1];
      const before = output.length;
      expect((await fetch(`${baseUrl}/api/auth/check?secret=words`)).status).toBe(401);
      const requestLines = () =>
        output
          .slice(before, output.lastIndexOf('\n') + 1)
          .split('\n')
          .filter((line) => line.includes('/api/auth/check'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      // Other lines (a background job's) may come between; the request's own line is the one asserted.
      await eventually(() => requestLines().length > 0, 'a log line for the request', 10_000);
      const lines = requestLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/auth/check', statusCode: 401 });
      expect(lines[0]?.msg).toMatch(/^GET \/api\/auth\/check 401 \d+ ms$/);
      expect(output).not.toContain('secret=words');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
