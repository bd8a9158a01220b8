import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildEmbeddedApp } from '@chat/embedded';
import { parseConfig } from '@chat/kernel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, tempDir, unusedPort } from '#test-support';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../helm/chat/files/smoke-test.mjs', import.meta.url));
// Node 20 has WebSocket behind a flag; the images' Node 22 has it on.
const NODE_FLAGS = typeof WebSocket === 'undefined' ? ['--experimental-websocket'] : [];

/** The whole product in this process: every service at one address, as the script allows. */
let app: FastifyInstance;
const server = { baseUrl: '' };
beforeAll(async () => {
  const webDist = await tempDir('smoke-web');
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Chat.io</title>');
  app = await buildEmbeddedApp(parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: await tempDir('smoke-data'), WEB_DIST: webDist }));
  server.baseUrl = await listenOnFreePort(app);
});
afterAll(() => app?.close());

describe('the helm test script (helm/chat/files/smoke-test.mjs)', () => {
  it('passes against a working deployment: two people sign up, see each other online, exchange a text and a picture', async () => {
    const urls = Object.fromEntries(['AUTH_URL', 'MESSAGES_URL', 'GATEWAY_URL', 'WEB_URL'].map((name) => [name, server.baseUrl]));
    const { stdout } = await run(process.execPath, [...NODE_FLAGS, SCRIPT], { env: { PATH: process.env.PATH, ...urls }, timeout: 60_000 });
    expect(stdout.trim().split('\n')).toEqual(
      expect.arrayContaining([
        'ok  both sockets connected',
        'ok  Alice sees Bob online',
        'ok  Bob receives the text',
        'ok  Alice sees it delivered',
        'ok  the picture is served',
        'ok  the history holds all 2 messages: nothing lost',
      ]),
    );
  });

  it('fails, naming the Service, when one does not answer', async () => {
    const closed = await unusedPort();
    const urls = {
      AUTH_URL: server.baseUrl,
      MESSAGES_URL: `http://127.0.0.1:${closed}`,
      GATEWAY_URL: server.baseUrl,
      WEB_URL: server.baseUrl,
    };
    const failure = await run(process.execPath, [...NODE_FLAGS, SCRIPT], {
      env: { PATH: process.env.PATH, ...urls },
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`Error: MESSAGES_URL http://127.0.0.1:${closed}/readyz: ECONNREFUSED`);
  });
});
