// The V8 heap one idle socket costs a gateway, after a full collection: N sockets (default 5,000),
// each of its own user, on one gateway replica against the local NATS and Redis. Unlike RSS, which
// carries whatever the collector has not given back yet, this reads the same run after run (±10
// bytes a socket here), so it shows what a change to the per-socket state saves.
//   node --import tsx bench/socket-heap.mjs [N]
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE, signSession } from '@chat/sessions';
import { freePort, waitUntilAnswering } from '../scripts/local-cluster.ts';
import { heapUsedKb } from './connections.mjs';
import { startDriver } from './driver-process.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOCKETS = Number(process.argv[2] ?? 5_000);

const jwtSecret = randomBytes(48).toString('base64url');
const port = await freePort();
const namespace = `heap_${randomUUID().slice(0, 8)}`;
const memoryDir = await mkdtemp(join(tmpdir(), 'chat-socket-heap-'));
const memoryFile = join(memoryDir, 'memory.json');
const gateway = spawn(process.execPath, ['--expose-gc', '--import', `${ROOT}bench/memory-reporter.mjs`, `${ROOT}services/gateway/dist/main.js`], {
  env: {
    ...process.env,
    BENCH_MEMORY_FILE: memoryFile,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `${namespace}:`,
    NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_SUBJECT_PREFIX: namespace,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const driver = startDriver(`${ROOT}bench/connection-driver.mjs`);
try {
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/readyz`);
  const users = Array.from({ length: SOCKETS }, () => {
    const id = randomUUID();
    return { id, cookie: `${SESSION_COOKIE}=${signSession(id, randomUUID(), jwtSecret)}` };
  });
  const before = await heapUsedKb(gateway.pid, memoryFile);
  await driver.ask('connect', { url, users, count: SOCKETS, concurrency: 50, localAddresses: ['127.0.0.1'] });
  // The last handshakes' work settles before the collection.
  await pause(2000);
  const after = await heapUsedKb(gateway.pid, memoryFile);
  console.log(`${SOCKETS} sockets of ${SOCKETS} users: ${Math.round(((after - before) * 1024) / SOCKETS)} bytes of heap a socket`);
} finally {
  driver.child.kill('SIGKILL');
  gateway.kill('SIGTERM');
  await once(gateway, 'exit');
  await rm(memoryDir, { recursive: true, force: true });
}
