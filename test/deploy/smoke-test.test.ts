import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildEmbeddedApp } from '@chat/embedded';
import { parseConfig } from '@chat/kernel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, tempDir, unusedPort } from '#test-support';
import { coturnArgs, waitUntilListening } from '../../scripts/local-cluster.js';
// @ts-expect-error: the chart's plain JavaScript TURN client has no types
import { allocate } from '../../helm/chat/files/turn-allocate.mjs';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../helm/chat/files/smoke-test.mjs', import.meta.url));
// Node 20 has WebSocket behind a flag; the images' Node 22 has it on.
const NODE_FLAGS = typeof WebSocket === 'undefined' ? ['--experimental-websocket'] : [];

/**
 * The whole product in this process: every service at one address, as the script allows; its calls
 * relayed by Debian's coturn on loopback, which shares auth's TURN secret.
 */
let app: FastifyInstance;
let coturn: ChildProcess | undefined;
const server = { baseUrl: '', turnPort: 0 };
beforeAll(async () => {
  const webDist = await tempDir('smoke-web');
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Chat.io</title>');
  const secret = randomBytes(32).toString('base64url');
  server.turnPort = await unusedPort();
  const relayPorts = 30_000 + Math.floor(Math.random() * 100) * 100;
  coturn = spawn('turnserver', coturnArgs({ port: server.turnPort, relayPorts, secret }), { stdio: 'ignore' });
  const turnUrls = `turn:127.0.0.1:${server.turnPort}?transport=udp`;
  const config = {
    LOG_LEVEL: 'silent',
    DATA_DIR: await tempDir('smoke-data'),
    WEB_DIST: webDist,
    TURN_URLS: turnUrls,
    TURN_SECRET: secret,
  };
  app = await buildEmbeddedApp(parseConfig(config));
  server.baseUrl = await listenOnFreePort(app);
  await waitUntilListening(server.turnPort);
});
afterAll(async () => {
  coturn?.kill();
  await app?.close();
});

describe('the helm test script (helm/chat/files/smoke-test.mjs)', () => {
  it('passes against a working deployment: two people sign up, see each other online, exchange a text and a picture', async () => {
    const urls = Object.fromEntries(['AUTH_URL', 'MESSAGES_URL', 'GATEWAY_URL', 'WEB_URL'].map((name) => [name, server.baseUrl]));
    const { stdout } = await run(process.execPath, [...NODE_FLAGS, SCRIPT], { env: { PATH: process.env.PATH, ...urls }, timeout: 60_000 });
    expect(stdout.trim().split('\n')).toEqual(
      expect.arrayContaining([
        'ok  both sockets connected',
        'ok  a TURN relay is allocated with the credential auth issued',
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

  it('fails when the TURN server refuses the credential (its secret differs from auth’s)', async () => {
    const username = `${Math.floor(Date.now() / 1000) + 3600}:someone`;
    await expect(allocate(`127.0.0.1:${server.turnPort}`, username, 'not-the-credential')).rejects.toThrow(
      `TURN 127.0.0.1:${server.turnPort} refused the allocation: 401`,
    );
  });
});
