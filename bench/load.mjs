// The load driver: users with one socket each, sends scheduled by the clock (open loop) or kept at a
// fixed number in flight (closed loop), latency from the scheduled send to `newMessage` at the
// recipient, and every process's CPU share while a phase runs.
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { SOCKET_ID_HEADER } from '@chat/contracts';
import { io } from 'socket.io-client';
import { Pool } from 'undici';
import { loopDelayMeter } from './loop-delay.mjs';
import { cpuTicks } from './proc.mjs';
import { quantile } from './stats.mjs';

const CLOCK_TICKS_PER_SECOND = 100;

/** A new Chat.io account, signed up for real: its id and session cookie. */
export async function signUp(http, name) {
  const response = await http.request({
    method: 'POST',
    path: '/api/auth/signup',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: name, email: `bench.${randomUUID()}@chat.io`, password: 'secret123' }),
  });
  const cookieHeader = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('jwt='));
  const body = await response.body.json();
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${JSON.stringify(body)}`);
  return { id: body._id, cookie: cookieHeader.split(';')[0] };
}

/** User ids and sockets for a system; Chat.io users sign up for real and send over HTTP. */
export async function connectUsers(system, count) {
  const users = [];
  const http = system.kind === 'chat' ? new Pool(system.baseUrl, { connections: 256 }) : undefined;
  for (let i = 0; i < count; i++) users.push(system.kind === 'chat' ? await signUp(http, `Bench ${i}`) : { id: `u${i}` });
  await Promise.all(
    users.map(
      (user) =>
        new Promise((resolve, reject) => {
          user.socket = io(system.baseUrl, {
            transports: ['websocket'],
            query: { userId: user.id },
            extraHeaders: user.cookie ? { cookie: user.cookie } : {},
            reconnection: false,
          });
          user.socket.once('connect', resolve);
          user.socket.once('connect_error', reject);
        }),
    ),
  );
  return { users, http };
}

/**
 * Tracks each numbered message from its scheduled start to its receipt. With `receipts`, each one is
 * also acknowledged as delivered and read as it arrives, as a client with its conversation open does.
 */
function tracker(users, { receipts = false } = {}) {
  const started = new Map();
  const latencies = [];
  const waiting = new Map();
  let duplicated = 0;
  const seen = new Set();
  for (const user of users) {
    user.socket.removeAllListeners('newMessage');
    user.socket.on('newMessage', (message, received) => {
      const at = performance.now();
      const seq = Number(String(message.text).slice(1));
      if (seen.has(seq)) {
        duplicated += 1;
        return;
      }
      // As a client with the conversation open: delivered and read, in the socket's acknowledgement.
      if (receipts) received?.({ read: true });
      seen.add(seq);
      const start = started.get(seq);
      if (start !== undefined) latencies.push(at - start);
      waiting.get(seq)?.();
      waiting.delete(seq);
    });
  }
  return {
    start: (seq, at) => started.set(seq, at),
    delivered: () => seen.size,
    delivery: (seq) => new Promise((resolve) => (seen.has(seq) ? resolve() : waiting.set(seq, resolve))),
    summary() {
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        p99: quantile(sorted, 0.99),
        p999: quantile(sorted, 0.999),
        max: quantile(sorted, 1),
        duplicated,
      };
    },
  };
}

/**
 * The function that sends message `seq` from one user to another: Chat.io over the socket, as the
 * web app sends text (`sendMessage`, answered once stored), or over HTTP (`via: 'http'`); each with
 * a client id of its own, as the web app gives every message (its retries are then answered, not stored again).
 */
function sender(system, http, via) {
  if (system.kind === 'relay') {
    return async (from, to, seq) => {
      from.socket.emit('send', { receiverId: to.id, text: `#${seq}` });
      return true;
    };
  }
  if (via === 'socket') {
    return async (from, to, seq) => {
      const answer = await from.socket
        .timeout(10_000)
        .emitWithAck('sendMessage', { to: to.id, text: `#${seq}`, clientMessageId: randomUUID() });
      return 'message' in answer;
    };
  }
  return async (from, to, seq) => {
    const response = await http.request({
      method: 'POST',
      path: `/api/messages/send/${to.id}`,
      headers: { 'content-type': 'application/json', cookie: from.cookie, [SOCKET_ID_HEADER]: from.socket.id },
      body: JSON.stringify({ text: `#${seq}`, clientMessageId: randomUUID() }),
    });
    await response.body.dump();
    return response.statusCode === 201;
  };
}

/** CPU use of each process (percent of one core) between start() and stop(). */
export async function cpuMeter(pids) {
  const before = Object.fromEntries(await Promise.all(Object.entries(pids).map(async ([name, pid]) => [name, await cpuTicks(pid)])));
  const driverBefore = process.cpuUsage();
  const startedAt = performance.now();
  // A stall of the driver's own event loop would show as latency of the system under test.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  return async () => {
    loopDelay.disable();
    const seconds = (performance.now() - startedAt) / 1000;
    const result = {};
    for (const [name, pid] of Object.entries(pids)) {
      result[name] = Math.round((((await cpuTicks(pid)) - before[name]) / CLOCK_TICKS_PER_SECOND / seconds) * 1000) / 10;
    }
    const driver = process.cpuUsage(driverBefore);
    result.driver = Math.round(((driver.user + driver.system) / 1e6 / seconds) * 1000) / 10;
    result.driverMaxStallMs = Math.round(loopDelay.max / 1e6);
    return result;
  };
}

let nextSeq = 0;

/** Open loop: `rate` messages per second for `seconds`, each pair in turn, whatever the answers do. */
export async function openLoop(system, { users, http }, rate, seconds, { via = 'socket' } = {}) {
  const pairs = users.length / 2;
  const track = tracker(users);
  const send = sender(system, http, via);
  const stopCpu = await cpuMeter(system.pids());
  const stopLoops = await loopDelayMeter(system.metricsUrls);
  const total = Math.round(rate * seconds);
  const sends = [];
  let accepted = 0;
  let errors = 0;
  const start = performance.now();
  let i = 0;
  while (i < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; i < due; i++) {
      const seq = nextSeq++;
      const pair = i % pairs;
      const [from, to] = i % 2 ? [users[pair], users[pair + pairs]] : [users[pair + pairs], users[pair]];
      track.start(seq, start + (i * 1000) / rate);
      sends.push(
        send(from, to, seq).then(
          (ok) => (ok ? (accepted += 1) : (errors += 1)),
          () => (errors += 1),
        ),
      );
    }
    await pause(1);
  }
  await Promise.all(sends);
  const deadline = performance.now() + 5000;
  while (track.delivered() < accepted && performance.now() < deadline) await pause(20);
  const cpu = await stopCpu();
  const loopDelayMs = await stopLoops();
  return {
    offered: rate,
    seconds,
    via,
    sent: total,
    accepted,
    errors,
    delivered: track.delivered(),
    lost: accepted - track.delivered(),
    ...track.summary(),
    cpu,
    loopDelayMs,
  };
}

/**
 * Closed loop: `inFlight` senders, each waiting for its message to arrive before the next; with
 * `receipts`, every message is also acknowledged and read by its receiver, as clients do.
 */
export async function closedLoop(system, { users, http }, inFlight, seconds, { receipts = false, via = 'socket' } = {}) {
  const pairs = users.length / 2;
  const track = tracker(users, { receipts });
  const send = sender(system, http, via);
  const stopCpu = await cpuMeter(system.pids());
  const stopLoops = await loopDelayMeter(system.metricsUrls);
  const start = performance.now();
  const end = start + seconds * 1000;
  let delivered = 0;
  let errors = 0;
  const answerTimes = [];
  await Promise.all(
    Array.from({ length: inFlight }, async (_, worker) => {
      let turn = 0;
      while (performance.now() < end) {
        const seq = nextSeq++;
        const pair = (worker + turn * inFlight) % pairs;
        turn += 1;
        const [from, to] = turn % 2 ? [users[pair], users[pair + pairs]] : [users[pair + pairs], users[pair]];
        track.start(seq, performance.now());
        const arrived = track.delivery(seq);
        const sentAt = performance.now();
        const ok = await send(from, to, seq).catch(() => false);
        answerTimes.push(performance.now() - sentAt);
        if (!ok) {
          errors += 1;
          continue;
        }
        const timedOut = await Promise.race([arrived.then(() => false), pause(5000).then(() => true)]);
        if (!timedOut) delivered += 1;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpu = await stopCpu();
  const loopDelayMs = await stopLoops();
  answerTimes.sort((a, b) => a - b);
  const answerP50 = Math.round(answerTimes[Math.floor(answerTimes.length / 2)] * 10) / 10;
  return {
    inFlight,
    seconds,
    receipts,
    via,
    throughput: Math.round(delivered / elapsed),
    delivered,
    errors,
    answerP50,
    ...track.summary(),
    cpu,
    loopDelayMs,
  };
}

export function disconnectUsers({ users, http }) {
  for (const user of users) user.socket.disconnect();
  return http?.close();
}
