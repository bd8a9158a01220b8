// The V8 heap one idle socket costs a gateway, after a full collection: N sockets (default 5,000),
// each of its own user, on one gateway replica against the local NATS and Redis. Unlike RSS, which
// carries whatever the collector has not given back yet, this reads the same run after run (±10
// bytes a socket here), so it shows what a change to the per-socket state saves.
//   node --import tsx bench/socket-heap.mjs [N]
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE, signSession } from '@chat/sessions';
import { heapUsedKb, startMeasuredGateway } from './connections.mjs';
import { startDriver } from './driver-process.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOCKETS = Number(process.argv[2] ?? 5_000);

const jwtSecret = randomBytes(48).toString('base64url');
const memoryDir = await mkdtemp(join(tmpdir(), 'chat-socket-heap-'));
const memoryFile = join(memoryDir, 'memory.json');
const { child: gateway, url } = await startMeasuredGateway({ jwtSecret, memoryFile });
const driver = startDriver(`${ROOT}bench/connection-driver.mjs`);
try {
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
