// Connection scale: idle authenticated sockets on one gateway replica (real Redis presence, real
// NATS), opened from several driver processes; connect rate, RSS per socket, and the gateway's CPU
// for one presence change pushed to every socket (user and kernel time apart), the V8 heap per
// socket, and the floor under that fan-out (bench/write-floor.mjs). A process here may hold at most its file limit
// (`ulimit -n`; raising it needs CAP_SYS_RESOURCE), which bounds the gateway below 50,000 sockets.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE, signSession } from '@chat/sessions';
import { io } from 'socket.io-client';
import { freePort, waitUntilAnswering } from '../scripts/local-cluster.ts';
import { idleCorrectedCpu, startDriver } from './driver-process.mjs';
import { poolUserId } from './watch-pool.mjs';
import { openFileLimit, rssKb } from './proc.mjs';
import { measureWriteFloor } from './write-floor.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USERS = 100;
const PER_DRIVER = 9_000;
/** Asks bench/memory-reporter.mjs for a report (a signal the services leave alone). */
const REPORT_MEMORY_SIGNAL = 'SIGWINCH';

/** The V8 heap in use, as the process itself reports it (bench/memory-reporter.mjs), after a full collection. */
export async function heapUsedKb(pid, file) {
  await rm(file, { force: true });
  process.kill(pid, REPORT_MEMORY_SIGNAL);
  for (let tries = 0; tries < 100; tries++) {
    const report = await readFile(file, 'utf8').catch(() => '');
    if (report) return Math.round(JSON.parse(report).heapUsed / 1024);
    await pause(50);
  }
  throw new Error('the gateway did not report its memory');
}

/** How many presence pushes the drivers' sockets have had since the last reset. */
async function changesSeen(drivers) {
  const replies = await Promise.all(drivers.map(({ driver }) => driver.ask('count')));
  return replies.reduce((sum, reply) => sum + reply.sawChange, 0);
}

export async function measureConnections({ sockets = Number(process.env.BENCH_SOCKETS ?? 18_000) } = {}) {
  const gateway = await measureGateway(sockets);
  // Once the gateway is gone, so that nothing else runs meanwhile.
  return { ...gateway, writeFloor: await measureWriteFloor(gateway.sockets) };
}

/**
 * One gateway replica on the local NATS and Redis (a namespace of its own), reporting its heap on
 * request (heapUsedKb); answers once it is ready.
 */
export async function startMeasuredGateway({ jwtSecret, memoryFile, env = {} }) {
  const port = await freePort();
  const namespace = `bench_${randomUUID().slice(0, 8)}`;
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', `${ROOT}bench/memory-reporter.mjs`, `${ROOT}services/gateway/dist/main.js`],
    {
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
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/readyz`);
  return { child, url };
}

async function measureGateway(sockets) {
  const limit = await openFileLimit();
  const jwtSecret = randomBytes(48).toString('base64url');
  const memoryFile = join(await mkdtemp(join(tmpdir(), 'chat-bench-memory-')), 'memory.json');
  const { child: gateway, url } = await startMeasuredGateway({ jwtSecret, memoryFile, env: { RATE_LIMIT_SOCKETS_PER_USER: '10000' } });
  const user = () => {
    const id = randomUUID();
    return { id, cookie: `${SESSION_COOKIE}=${signSession(id, randomUUID(), jwtSecret)}` };
  };
  const users = Array.from({ length: USERS }, user);
  const drivers = [];
  try {
    const target = Math.min(sockets, limit - 200);
    const rssBeforeKb = await rssKb(gateway.pid);
    const heapBeforeKb = await heapUsedKb(gateway.pid, memoryFile);
    const started = Date.now();
    const counts = [];
    for (let opened = 0; opened < target; opened += PER_DRIVER) counts.push(Math.min(PER_DRIVER, target - opened));
    for (const count of counts) drivers.push({ driver: startDriver(`${ROOT}bench/connection-driver.mjs`), count });
    await Promise.all(
      drivers.map(({ driver, count }) =>
        driver.ask('connect', { url, users, count, concurrency: 50, localAddresses: ['127.0.0.1', '127.0.0.2'] }),
      ),
    );
    const connectSeconds = (Date.now() - started) / 1000;
    await pause(3000);
    const rssHeldKb = await rssKb(gateway.pid);
    const heapHeldKb = await heapUsedKb(gateway.pid, memoryFile);

    // One presence change with everyone online: a new user connects; time the gateway's CPU until
    // every socket has the delta, minus what the idle gateway uses over as long.
    await Promise.all(drivers.map(({ driver }) => driver.ask('reset')));
    const cpuOf = await idleCorrectedCpu(() => gateway.pid, 2000);
    let reached = 0;
    let changeMs = 0;
    const changeCpu = await cpuOf(async () => {
      const changeStarted = Date.now();
      const newcomer = user();
      const newcomerSocket = io(url, {
        transports: ['websocket'],
        query: { userId: newcomer.id },
        extraHeaders: { cookie: newcomer.cookie },
      });
      while (Date.now() - changeStarted < 10_000) {
        reached = await changesSeen(drivers);
        if (reached >= target) break;
        await pause(50);
      }
      changeMs = Date.now() - changeStarted;
      await pause(Math.max(0, 2000 - changeMs));
      newcomerSocket.disconnect();
    });
    const byInterest = await measureWatchedChange({ url, drivers, sockets: target, jwtSecret, pid: gateway.pid });
    return {
      fileLimit: limit,
      sockets: target,
      users: USERS,
      connectSeconds,
      connectRate: Math.round(target / connectSeconds),
      rssMb: Math.round(rssHeldKb / 1024),
      rssPerSocketKb: Math.round(((rssHeldKb - rssBeforeKb) / target) * 10) / 10,
      heapMb: Math.round(heapHeldKb / 1024),
      heapPerSocketKb: Math.round(((heapHeldKb - heapBeforeKb) / target) * 10) / 10,
      presenceChange: {
        socketsReached: reached,
        deliveredInMs: changeMs,
        gatewayCpuMs: changeCpu.total,
        gatewayUserCpuMs: changeCpu.user,
        gatewaySystemCpuMs: changeCpu.system,
      },
      byInterest: { ...byInterest, rssMb: Math.round((await rssKb(gateway.pid)) / 1024) },
    };
  } finally {
    for (const { driver } of drivers) driver.child.kill('SIGKILL');
    gateway.kill('SIGTERM');
    await once(gateway, 'exit');
    await rm(dirname(memoryFile), { recursive: true, force: true });
  }
}

/** Users each socket watches in the by-interest measurement (issue 17: "every user watching 200 others"). */
const WATCHED_PER_SOCKET = 200;
/** Users of the pool that come online together and then leave: enough changes for the CPU's 10 ms ticks. */
const CHANGING_USERS = 100;
const IDLE_MS = 2000;

/**
 * The same sockets, each now watching 200 users of a pool as large as the sockets (so each user
 * has 200 watchers): the gateway's CPU for a change of one of them, reaching only those 200.
 */
async function measureWatchedChange({ url, drivers, sockets, jwtSecret, pid }) {
  let offset = 0;
  const watchStarted = Date.now();
  await Promise.all(
    drivers.map(({ driver, count }) => {
      const watch = driver.ask('watch', { offset, perSocket: WATCHED_PER_SOCKET, poolSize: sockets });
      offset += count;
      return watch;
    }),
  );
  const watchSeconds = (Date.now() - watchStarted) / 1000;
  await pause(2000);
  await Promise.all(drivers.map(({ driver }) => driver.ask('reset')));
  const cpuOf = await idleCorrectedCpu(() => pid, IDLE_MS);
  /**
   * The gateway's CPU for these users coming online together, then going offline together (each
   * given a second, past the 250 ms push interval), less what the idle gateway uses over as long.
   */
  const burst = async (userIds) =>
    (
      await cpuOf(async () => {
        const sockets = await Promise.all(
          userIds.map((userId) => {
            const cookie = `${SESSION_COOKIE}=${signSession(userId, randomUUID(), jwtSecret)}`;
            const socket = io(url, { transports: ['websocket'], query: { userId }, extraHeaders: { cookie }, forceNew: true });
            return new Promise((resolve) => socket.once('connect', () => resolve(socket)));
          }),
        );
        await pause(1000);
        for (const socket of sockets) socket.disconnect();
        await pause(1000);
      })
    ).total;
  // Users no one watches: their connections, their ends and the presence bookkeeping, without fan-out.
  const unwatchedCpuMs = await burst(Array.from({ length: CHANGING_USERS }, () => randomUUID()));
  await Promise.all(drivers.map(({ driver }) => driver.ask('reset')));
  const watchedCpuMs = await burst(Array.from({ length: CHANGING_USERS }, (_, n) => poolUserId(n)));
  const reached = await changesSeen(drivers);
  const changes = 2 * CHANGING_USERS;
  const perChange = (ms) => Math.round((ms / changes) * 10) / 10;
  return {
    watchedPerSocket: WATCHED_PER_SOCKET,
    watchSeconds,
    changes,
    socketsReachedPerChange: reached / changes,
    // With the watched user's connection and its end (handshake, presence in Redis).
    gatewayCpuMsPerChange: perChange(watchedCpuMs),
    unwatchedCpuMsPerChange: perChange(unwatchedCpuMs),
    fanOutCpuMsPerChange: perChange(Math.max(0, watchedCpuMs - unwatchedCpuMs)),
  };
}
