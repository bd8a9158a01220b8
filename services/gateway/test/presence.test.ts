import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnlineUsersChanged } from '@chat/contracts';
import { collectEvents, eventually, nextEvent, openSocket, connected } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

describe('presence', () => {
  it('sends a new socket the list of online users, itself included', async () => {
    const ann = gateway.user();
    const annSocket = await ann.socket();
    const bob = gateway.user();
    const bobSocket = openSocket(gateway.baseUrl, { cookie: bob.cookie, userId: bob.id });
    const snapshot = nextEvent<string[]>(bobSocket, 'getOnlineUsers');
    await connected(bobSocket);
    expect(await snapshot).toEqual(expect.arrayContaining([ann.id, bob.id]));
    annSocket.disconnect();
    bobSocket.disconnect();
  });

  it('tells others when a user goes online and when their last socket leaves', async () => {
    const watcher = await gateway.user().socket();
    const changes = collectEvents<OnlineUsersChanged>(watcher, 'onlineUsersChanged');
    const carl = gateway.user();
    const firstTab = await carl.socket();
    const secondTab = await carl.socket();
    await eventually(() => changes.some((c) => c.online.includes(carl.id)), 'carl online');

    firstTab.disconnect();
    await eventually(() => gateway.app.io.of('/').sockets.size === 2, 'the server to see the first tab leave');
    // A later change: had the first tab's leaving taken Carl offline, that would be pushed by then.
    const later = gateway.user();
    const laterSocket = await later.socket();
    await eventually(() => changes.some((c) => c.online.includes(later.id)), 'a later user online');
    expect(changes.some((c) => c.offline.includes(carl.id))).toBe(false);
    expect(await gateway.presence.onlineUsers()).toContain(carl.id);

    secondTab.disconnect();
    await eventually(() => changes.some((c) => c.offline.includes(carl.id)), 'carl offline');
    expect(await gateway.presence.onlineUsers()).not.toContain(carl.id);
    watcher.disconnect();
    laterSocket.disconnect();
  });

  it('coalesces many changes into few pushes', async () => {
    const watcher = await gateway.user().socket();
    const changes = collectEvents<OnlineUsersChanged>(watcher, 'onlineUsersChanged');
    const users = Array.from({ length: 20 }, () => gateway.user());
    const sockets = await Promise.all(users.map((u) => u.socket()));
    await eventually(
      () => users.every((u) => changes.some((c) => c.online.includes(u.id))),
      'all 20 users online',
    );
    expect(changes.length).toBeLessThanOrEqual(3);
    for (const socket of sockets) socket.disconnect();
    watcher.disconnect();
  });
});
