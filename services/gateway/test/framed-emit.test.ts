import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { OnlineUsersChanged } from '@chat/contracts';
import type { Socket } from 'socket.io-client';
import { collectEvents, connected, eventually, openSocket } from '#test-support';
import { emitFramed } from '../src/framed-emit.js';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

/** A client of a new user over these transports, and its socket on the server. */
const client = async (transports: ('polling' | 'websocket')[] = ['websocket']) => {
  const user = gateway.user();
  const socket = await connected(openSocket(gateway.baseUrl, { cookie: user.cookie, userId: user.id, transports }));
  const serverSide = gateway.app.io.of('/').sockets.get(socket.id ?? '');
  if (!serverSide) throw new Error(`the server has no socket ${socket.id}`);
  return { socket, serverSide };
};

/** A change naming `count` users no one else names. */
const changeOf = (count: number): OnlineUsersChanged => ({
  online: Array.from({ length: count }, () => randomUUID()),
  offline: [randomUUID()],
});

const changesOf = (socket: Socket) => {
  const changes = collectEvents<OnlineUsersChanged>(socket, 'onlineUsersChanged');
  return (change: OnlineUsersChanged) => changes.filter((c) => c.offline[0] === change.offline[0]);
};

describe('an event emitted as one frame', () => {
  it('reaches WebSocket clients written straight to their connections, at every frame length', async () => {
    const clients = await Promise.all([client(), client()]);
    // 7-bit, 16-bit and 64-bit payload lengths in the WebSocket header.
    for (const change of [changeOf(1), changeOf(100), changeOf(2_000)]) {
      const received = clients.map(({ socket }) => changesOf(socket));
      expect(
        emitFramed(
          gateway.app.io,
          clients.map((c) => c.serverSide),
          'onlineUsersChanged',
          change,
        ),
      ).toBe(2);
      await eventually(
        () => received.every((seen) => seen(change).length === 1),
        `both clients to get the change of ${change.online.length}`,
      );
      expect(received.map((seen) => seen(change)[0])).toEqual([change, change]);
    }
    for (const { socket } of clients) socket.disconnect();
  });

  it('reaches a client on long polling through Socket.IO', async () => {
    const { socket, serverSide } = await client(['polling']);
    const received = changesOf(socket);
    const change = changeOf(3);
    expect(emitFramed(gateway.app.io, [serverSide], 'onlineUsersChanged', change)).toBe(0);
    await eventually(() => received(change).length === 1, 'the polling client to get the change');
    expect(received(change)[0]).toEqual(change);
    socket.disconnect();
  });

  it('never overtakes what was emitted to the socket just before', async () => {
    const { socket, serverSide } = await client();
    const [list, change] = [Array.from({ length: 2_000 }, () => randomUUID()), changeOf(1)];
    // Only these two: the socket also hears the gateway's own lists and changes.
    const order: string[] = [];
    socket.on('getOnlineUsers', (userIds: string[]) => userIds[0] === list[0] && order.push('getOnlineUsers'));
    socket.on('onlineUsersChanged', (c: OnlineUsersChanged) => c.offline[0] === change.offline[0] && order.push('onlineUsersChanged'));
    serverSide.emit('getOnlineUsers', list);
    expect(emitFramed(gateway.app.io, [serverSide], 'onlineUsersChanged', change)).toBe(0);
    await eventually(() => order.length === 2, 'the list and the change');
    expect(order).toEqual(['getOnlineUsers', 'onlineUsersChanged']);
    socket.disconnect();
  });

  it('delivers the frames of one turn to each socket all, in the order emitted, with what Socket.IO wrote between them', async () => {
    const clients = await Promise.all([client(), client()]);
    const changes = [changeOf(1), changeOf(2), changeOf(3), changeOf(4)];
    const order = clients.map(({ socket }) => {
      const seen: string[] = [];
      const name = (change: OnlineUsersChanged) => changes.findIndex((c) => c.offline[0] === change.offline[0]);
      socket.on('onlineUsersChanged', (change: OnlineUsersChanged) => name(change) >= 0 && seen.push(`change ${name(change)}`));
      socket.on('getOnlineUsers', (userIds: string[]) => userIds[0] === changes[2]!.offline[0] && seen.push('list'));
      return seen;
    });
    const serverSides = clients.map((c) => c.serverSide);
    // All in one turn of the event loop: the frames go out together when the turn ends.
    emitFramed(gateway.app.io, serverSides, 'onlineUsersChanged', changes[0]!);
    emitFramed(gateway.app.io, serverSides, 'onlineUsersChanged', changes[1]!);
    for (const serverSide of serverSides) serverSide.emit('getOnlineUsers', [changes[2]!.offline[0]!]);
    emitFramed(gateway.app.io, serverSides, 'onlineUsersChanged', changes[2]!);
    emitFramed(gateway.app.io, serverSides, 'onlineUsersChanged', changes[3]!);
    await eventually(() => order.every((seen) => seen.length === 5), 'both clients to get the four changes and the list');
    for (const seen of order) expect(seen).toEqual(['change 0', 'change 1', 'list', 'change 2', 'change 3']);
    for (const { socket } of clients) socket.disconnect();
  });
});
