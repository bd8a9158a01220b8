// One process of the fleet's idle sockets (bench/fleet.mjs; a process holds at most its file limit).
// Socket n (counted across drivers) is user n of the pool, signed in with the cluster's secret, on
// gateway n mod the replicas. They reconnect as the web app does (the spec's delays), and a
// reconnection tries the next replica: the driver plays the load balancer that stops sending to a
// dead replica. Told what to do over IPC.
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE, signSession } from '@chat/sessions';
import { io } from 'socket.io-client';
import { answerCommands, inTurn } from './driver-process.mjs';
import { poolUserId } from './watch-pool.mjs';

/** The web app's reconnection (web/src/lib/socket.ts). */
const RECONNECTION = { reconnection: true, reconnectionDelay: 1000, reconnectionDelayMax: 5000, randomizationFactor: 0.5, timeout: 20000 };

/** { socket, watch } by position in this driver. */
const held = [];
let presencePushes = 0;
let reconnections = 0;

function open({ urls, n, jwtSecret, localAddress }) {
  const userId = poolUserId(n);
  const entry = { watch: [], replica: n % urls.length };
  const socket = io(urls[entry.replica], {
    ...RECONNECTION,
    transports: ['websocket'],
    forceNew: true,
    localAddress,
    query: { userId },
    extraHeaders: { cookie: `${SESSION_COOKIE}=${signSession(userId, randomUUID(), jwtSecret)}` },
    // Whom it watches, in every handshake: a reconnection is not first sent everyone online.
    auth: (send) => send({ watchPresence: entry.watch }),
  });
  // The next replica but one for every other user: a dead replica's users spread over the others.
  socket.io.on('reconnect_attempt', () => {
    entry.replica = (entry.replica + 1 + (n % (urls.length - 1))) % urls.length;
    socket.io.uri = urls[entry.replica];
  });
  socket.on('onlineUsersChanged', () => (presencePushes += 1));
  entry.socket = socket;
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.on('connect', () => (reconnections += 1));
      resolve(entry);
    });
    socket.once('connect_error', reject);
  });
}

const commands = {
  async connect({ urls, first, count, jwtSecret, localAddresses, concurrency }) {
    await inTurn(count, concurrency, async (i) => {
      held[i] = await open({ urls, n: first + i, jwtSecret, localAddress: localAddresses[i % localAddresses.length] });
    });
    return { count: held.length };
  },
  /** Socket n watches `perSocket` users of the pool in a row from n * perSocket: each user has as many watchers. */
  async watch({ first, perSocket, poolSize, deadlineMs, concurrency }) {
    let answered = 0;
    const deadline = Date.now() + deadlineMs;
    // A few hundred at a time, as people open the app: not every socket's watch in one burst.
    await inTurn(held.length, concurrency, async (i) => {
      const entry = held[i];
      const from = (first + i) * perSocket;
      entry.watch = Array.from({ length: perSocket }, (_, k) => poolUserId((from + k) % poolSize));
      const wait = Math.max(0, deadline - Date.now());
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, wait);
        entry.socket.once('getOnlineUsers', () => {
          answered += 1;
          clearTimeout(timer);
          resolve();
        });
        entry.socket.emit('watchPresence', entry.watch);
      });
    });
    return { answered, connected: held.filter((entry) => entry.socket.connected).length };
  },
  /** Takes the sockets of these users offline (a lost connection), or back. */
  async cycle({ first, users, online }) {
    const mine = users.map((n) => held[n - first]).filter(Boolean);
    await Promise.all(
      mine.map((entry) =>
        online ? new Promise((resolve) => (entry.socket.once('connect', resolve), entry.socket.connect())) : entry.socket.disconnect(),
      ),
    );
    return { cycled: mine.length };
  },
  /** Closes the last `count` sockets for good. */
  async shed({ count }) {
    for (const entry of held.splice(held.length - count, count)) entry.socket.disconnect();
    return { count: held.length };
  },
  async status() {
    const byReplica = {};
    let connected = 0;
    for (const entry of held) {
      if (!entry.socket.connected) continue;
      connected += 1;
      byReplica[entry.replica] = (byReplica[entry.replica] ?? 0) + 1;
    }
    return { held: held.length, connected, byReplica, reconnections, presencePushes };
  },
  async reset() {
    presencePushes = 0;
    reconnections = 0;
    return {};
  },
};

answerCommands(commands);
