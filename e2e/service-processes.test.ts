import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

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
