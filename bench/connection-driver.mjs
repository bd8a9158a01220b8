// One process of idle sockets for the connection-scale measurement (a process holds at most its
// file limit). Told what to open over IPC; reports when connected and how many saw a presence change.
import { io } from 'socket.io-client';
import { answerCommands } from './driver-process.mjs';
import { poolUserId } from './watch-pool.mjs';

const sockets = [];
let sawChange = 0;

answerCommands({
  async connect({ url, users, count, concurrency, localAddresses }) {
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < count) {
        const i = next++;
        const user = users[i % users.length];
        await new Promise((resolve, reject) => {
          const socket = io(url, {
            transports: ['websocket'],
            query: { userId: user.id },
            extraHeaders: { cookie: user.cookie },
            reconnection: false,
            forceNew: true,
            localAddress: localAddresses[i % localAddresses.length],
          });
          socket.on('onlineUsersChanged', () => (sawChange += 1));
          socket.once('connect', () => resolve(sockets.push(socket)));
          socket.once('connect_error', reject);
        });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { count: sockets.length, ms: Date.now() - started };
  },
  /**
   * Socket n (counted across drivers from `offset`) watches `perSocket` users of a pool of
   * `poolSize` in a row from n * perSocket: every user of the pool is watched by as many sockets.
   */
  async watch({ offset, perSocket, poolSize }) {
    let answered = 0;
    await new Promise((resolve) => {
      sockets.forEach((socket, i) => {
        const first = (offset + i) * perSocket;
        const watch = Array.from({ length: perSocket }, (_, k) => poolUserId((first + k) % poolSize));
        socket.once('getOnlineUsers', () => {
          if (++answered === sockets.length) resolve();
        });
        socket.emit('watchPresence', watch);
      });
    });
    return { count: answered };
  },
  async reset() {
    sawChange = 0;
    return {};
  },
  async count() {
    return { sawChange };
  },
});
