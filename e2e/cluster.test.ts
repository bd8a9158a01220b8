import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, eventually, nextEvent, pause } from '#test-support';
import { startLocalCluster, type ClusterService, type LocalCluster } from '../scripts/local-cluster.mjs';
import { clusterUsers } from './cluster-users.js';

let cluster: LocalCluster;

beforeAll(async () => {
  cluster = await startLocalCluster();
});

afterEach(() => {
  disconnectAll();
});

afterAll(async () => {
  await cluster?.close();
});

interface PresenceChange {
  online: string[];
  offline: string[];
}

const { signUp, disconnectAll } = clusterUsers(() => cluster);

describe('the local cluster: services on their own behind nginx', () => {
  it('carries messages live between users on different gateway replicas, both ways, once each', async () => {
    const ann = await signUp('Ann Cluster');
    const ben = await signUp('Ben Cluster');
    const annSocket = await ann.socket('gateway-1');
    const benSocket = await ben.socket('gateway-2');
    const toBen = collectEvents<{ text: string }>(benSocket, 'newMessage');
    const toAnn = collectEvents<{ text: string }>(annSocket, 'newMessage');

    // Sent over HTTP without a socket id, as from another tab: the sender's sockets get a copy too.
    await ann.send(ben, 'from replica one');
    await ben.send(ann, 'from replica two');
    await eventually(() => toBen.length === 2 && toAnn.length === 2, 'both messages delivered to both');
    await pause(200);
    expect(toBen.map((m) => m.text)).toEqual(['from replica one', 'from replica two']);
    expect(toAnn.map((m) => m.text)).toEqual(['from replica one', 'from replica two']);
  });

  it('shows presence across replicas: the snapshot and the changes', async () => {
    const ann = await signUp('Ann Presence');
    const ben = await signUp('Ben Presence');
    const annSocket = await ann.socket('gateway-1');
    const benSocket = await ben.socket('gateway-2');
    await eventually(() => benSocket.snapshots.length === 1, 'the snapshot');
    expect(benSocket.snapshots[0]).toEqual(expect.arrayContaining([ann._id, ben._id]));
    const changes = collectEvents<PresenceChange>(benSocket, 'onlineUsersChanged');
    annSocket.disconnect();
    await eventually(() => changes.some((c) => c.offline.includes(ann._id)), 'Ann offline on the other replica');
  });

  it('shows a new signup in an existing user’s contacts, and online once connected', async () => {
    const ben = await signUp('Ben Contacts');
    const benSocket = await ben.socket('gateway-2');
    const changes = collectEvents<PresenceChange>(benSocket, 'onlineUsersChanged');
    const newcomer = await signUp('Newcomer Cluster', { known: false });
    await ben.client.waitForContact(newcomer._id, 5000);
    const contacts = (await ben.client.get('/api/messages/users')).body as { _id: string }[];
    expect(contacts.map((c) => c._id)).toContain(newcomer._id);
    await newcomer.socket('gateway-1');
    await eventually(() => changes.some((c) => c.online.includes(newcomer._id)), 'the newcomer online');
  });

  it('moves a user to the other gateway when theirs is killed, and loses no message', async () => {
    const ann = await signUp('Ann Failover');
    const ben = await signUp('Ben Failover');
    const annSocket = await ann.socket('edge', true);
    await ann.send(ben, 'before the crash');

    // nginx picked Ann's replica; kill that one (its sockets drop at once, the other's do not).
    const dropped = nextEvent(annSocket, 'disconnect', 20_000);
    let killed: ClusterService = 'gateway-1';
    await cluster.stop(killed, 'SIGKILL');
    const droppedNow = await Promise.race([dropped.then(() => true), pause(1000).then(() => false)]);
    if (!droppedNow) {
      await cluster.start('gateway-1');
      killed = 'gateway-2';
      await cluster.stop(killed, 'SIGKILL');
      await dropped;
    }
    const sentMeanwhile = [await ben.send(ann, 'while you moved 1'), await ben.send(ann, 'while you moved 2')];

    await nextEvent(annSocket, 'connect', 20_000);
    const live = nextEvent<{ text: string }>(annSocket, 'newMessage', 5000);
    await ben.send(ann, 'after the move');
    expect((await live).text).toBe('after the move');
    const history = await ann.history(ben);
    expect(history).toEqual(['before the crash', ...sentMeanwhile.map((m) => m.text), 'after the move']);
    await cluster.start(killed);
  });

  it('takes the users of a crashed replica offline within 30 s, and only those', async () => {
    const watcher = await signUp('Watcher Crash');
    const victim = await signUp('Victim Crash');
    const twoTabs = await signUp('Two Tabs Crash');
    const mover = await signUp('Mover Crash');
    const watcherSocket = await watcher.socket('gateway-1');
    const changes = collectEvents<PresenceChange>(watcherSocket, 'onlineUsersChanged');
    await victim.socket('gateway-2');
    await twoTabs.socket('gateway-1');
    await twoTabs.socket('gateway-2');
    await mover.socket('gateway-2');
    await eventually(() => changes.some((c) => c.online.includes(mover._id)), 'everyone online');

    const crashedAt = Date.now();
    await cluster.stop('gateway-2', 'SIGKILL');
    // What the client does through the edge: reconnect, and land on the replica that is alive.
    await mover.socket('gateway-1');
    await eventually(() => changes.some((c) => c.offline.includes(victim._id)), 'the victim offline', 30_000);
    expect(Date.now() - crashedAt).toBeLessThanOrEqual(30_000);
    await pause(300);
    const wronglyOffline = changes.flatMap((c) => c.offline).filter((id) => id === twoTabs._id || id === mover._id);
    expect(wronglyOffline).toEqual([]);
    const fresh = await (await signUp('Late Crash')).socket('gateway-1');
    await eventually(() => fresh.snapshots.length === 1, 'a snapshot');
    expect(fresh.snapshots[0]).toEqual(expect.arrayContaining([twoTabs._id, mover._id, watcher._id]));
    expect(fresh.snapshots[0]).not.toContain(victim._id);
    await cluster.start('gateway-2');
  }, 60_000);
});

describe('the edge', () => {
  it.each(['/', '/login', '/api/auth/check'])('answers %s with the security headers', async (path) => {
    const response = await fetch(cluster.baseUrl + path);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('server')).toBe('nginx');
  });
});
