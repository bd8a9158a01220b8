import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { MAX_WATCHED_USERS, type OnlineUsersChanged } from '@chat/contracts';
import { collectEvents, DEFAULT_DEADLINE_MS, eventually, nextEvent, openSocket, connected } from '#test-support';
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
    await eventually(() => users.every((u) => changes.some((c) => c.online.includes(u.id))), 'all 20 users online');
    expect(changes.length).toBeLessThanOrEqual(3);
    for (const socket of sockets) socket.disconnect();
    watcher.disconnect();
  });
});

describe('presence by interest', () => {
  /** A socket of a new user that has had its first list of online users, collecting every later one. */
  const watcherSocket = async () => {
    const watcher = gateway.user();
    const socket = openSocket(gateway.baseUrl, { cookie: watcher.cookie, userId: watcher.id });
    const snapshots = collectEvents<string[]>(socket, 'getOnlineUsers');
    const changes = collectEvents<OnlineUsersChanged>(socket, 'onlineUsersChanged');
    await connected(socket);
    await eventually(() => snapshots.length === 1, 'the first list of online users');
    return { watcher, socket, snapshots, changes };
  };

  it('tells a socket that watches some users only about them, and first which of them are online', async () => {
    const [ann, bob, cat] = [gateway.user(), gateway.user(), gateway.user()];
    const annSocket = await ann.socket();
    const { watcher, socket, snapshots, changes } = await watcherSocket();
    socket.emit('watchPresence', [ann.id, bob.id]);
    await eventually(() => snapshots.length === 2, 'the watched users online');
    expect(snapshots[1]!.sort()).toEqual([ann.id, watcher.id].sort());

    const catSocket = await cat.socket();
    const bobSocket = await bob.socket();
    await eventually(() => changes.some((change) => change.online.includes(bob.id)), 'bob online');
    annSocket.disconnect();
    await eventually(() => changes.some((change) => change.offline.includes(ann.id)), 'ann offline');
    expect(
      changes.flatMap((change) => [...change.online, ...change.offline]),
      'nothing of Cat, whom it does not watch',
    ).not.toContain(cat.id);

    socket.emit('watchPresence', 'everyone');
    await eventually(() => snapshots.length === 3, 'everyone online');
    expect(snapshots[2]).toEqual(expect.arrayContaining([bob.id, cat.id, watcher.id]));
    catSocket.disconnect();
    await eventually(() => changes.some((change) => change.offline.includes(cat.id)), 'cat offline, now that it hears everyone');
    for (const open of [socket, bobSocket]) open.disconnect();
  });

  it('sends a socket whose handshake names whom it watches only those of them online, and then only their changes', async () => {
    const [ann, bob, cat, watcher] = [gateway.user(), gateway.user(), gateway.user(), gateway.user()];
    const [annSocket, catSocket] = [await ann.socket(), await cat.socket()];
    const socket = openSocket(gateway.baseUrl, { cookie: watcher.cookie, userId: watcher.id, auth: { watchPresence: [ann.id, bob.id] } });
    const snapshots = collectEvents<string[]>(socket, 'getOnlineUsers');
    const changes = collectEvents<OnlineUsersChanged>(socket, 'onlineUsersChanged');
    await connected(socket);
    await eventually(() => snapshots.length === 1, 'the watched users online');
    expect(snapshots[0]!.sort(), 'Ann and itself, not Cat').toEqual([ann.id, watcher.id].sort());
    const bobSocket = await bob.socket();
    await eventually(() => changes.some((change) => change.online.includes(bob.id)), 'bob online');
    catSocket.disconnect();
    annSocket.disconnect();
    await eventually(() => changes.some((change) => change.offline.includes(ann.id)), 'ann offline');
    expect(
      changes.flatMap((change) => [...change.online, ...change.offline]),
      'nothing of Cat',
    ).not.toContain(cat.id);
    expect(snapshots, 'one list only').toHaveLength(1);
    const unsure = openSocket(gateway.baseUrl, {
      cookie: watcher.cookie,
      userId: watcher.id,
      auth: { watchPresence: ['not-an-id'] as never },
    });
    const unsureSnapshots = collectEvents<string[]>(unsure, 'getOnlineUsers');
    await connected(unsure);
    await eventually(() => unsureSnapshots.length === 1, 'a list for a handshake with no valid watch');
    expect(unsureSnapshots[0], 'everyone, as a socket that says nothing').toEqual(expect.arrayContaining([bob.id, watcher.id]));
    for (const open of [socket, bobSocket, unsure]) open.disconnect();
  });

  it('sends a socket watching several users who change together one packet with all of them, and one watching one of them that one', async () => {
    const [ann, bob, cat] = [randomUUID(), randomUUID(), randomUUID()];
    const [several, one] = [await watcherSocket(), await watcherSocket()];
    several.socket.emit('watchPresence', [ann, bob, cat]);
    one.socket.emit('watchPresence', [bob]);
    await eventually(() => several.snapshots.length === 2 && one.snapshots.length === 2, 'both watches answered');
    // What each heard of them (before its watch, it heard everyone's comings and goings).
    const theirs: string[] = [ann, bob, cat];
    const about = (changes: OnlineUsersChanged[]) => changes.filter((c) => [...c.online, ...c.offline].some((id) => theirs.includes(id)));
    await gateway.presence.connect(cat);
    await eventually(() => about(several.changes).length === 1, 'cat online');
    // Within one push: Cat leaves as Ann and Bob arrive.
    await Promise.all([gateway.presence.connect(ann), gateway.presence.connect(bob), gateway.presence.disconnect(cat)]);
    await eventually(() => about(several.changes).length === 2 && about(one.changes).length === 1, 'the push of Ann, Bob and Cat');
    expect(about(several.changes)[1]!.online.sort()).toEqual([ann, bob].sort());
    expect(about(several.changes)[1]!.offline).toEqual([cat]);
    expect(about(one.changes)).toEqual([{ online: [bob], offline: [] }]);
    await gateway.presence.disconnect(ann);
    await gateway.presence.disconnect(bob);
    for (const open of [several.socket, one.socket]) open.disconnect();
  });

  it('tells a watching socket of someone a block concerns nothing of the users it does not watch', async () => {
    const { watcher, socket, snapshots, changes } = await watcherSocket();
    const [blocker, stranger, friend] = [gateway.user(), gateway.user(), gateway.user()];
    await gateway.block(blocker.id, watcher.id);
    socket.emit('watchPresence', [friend.id]);
    await eventually(() => snapshots.length === 2, 'the watched users online');
    const together = await Promise.all([blocker.socket(), stranger.socket()]);
    const friendSocket = await friend.socket();
    await eventually(() => changes.some((change) => change.online.includes(friend.id)), 'the friend online');
    const heard = changes.flatMap((change) => [...change.online, ...change.offline]);
    expect(heard, 'nothing of the blocker nor of the stranger, whom it does not watch').not.toContain(stranger.id);
    expect(heard).not.toContain(blocker.id);
    for (const open of [socket, friendSocket, ...together]) open.disconnect();
  });

  it('counts the others online, less the user and those a block hides from them', async () => {
    const { watcher, socket } = await watcherSocket();
    const [ann, bob] = [gateway.user(), gateway.user()];
    const others = await Promise.all([ann.socket(), bob.socket()]);
    await gateway.block(bob.id, watcher.id);
    // A count asked too often is not answered (the socket's limit): asked every 600 ms, given up after one.
    const count = () =>
      Promise.race([new Promise<number>((resolve) => socket.emit('countOnline', resolve)), pause(1_000).then(() => Number.NaN)]);
    await eventually(
      async () => (await count()) === (await gateway.presence.onlineUsers()).length - 2,
      'everyone online but the watcher and Bob, who blocked them',
      DEFAULT_DEADLINE_MS,
      600,
    );
    for (const open of [socket, ...others]) open.disconnect();
  });

  it('ignores a watch that is not a list of user ids, or longer than the most a socket may watch', async () => {
    const { watcher, socket, snapshots } = await watcherSocket();
    socket.emit('watchPresence', ['not-a-user-id'] as never);
    socket.emit(
      'watchPresence',
      Array.from({ length: MAX_WATCHED_USERS + 1 }, () => randomUUID()),
    );
    socket.emit('watchPresence', []);
    await eventually(() => snapshots.length === 2, 'the answer to the one valid watch');
    expect(snapshots[1]).toEqual([watcher.id]);
    socket.disconnect();
  });
});
