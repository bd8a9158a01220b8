import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, serverUrl, uniqueName } from '#test-support';
import { createInProcessPresence, type Presence, type PresenceChange } from '../src/presence.js';
import { createRedisPresence, type RedisPresenceOptions } from '../src/redis.js';

const implementations: [string, () => Promise<Presence>][] = [
  ['in-process', async () => createInProcessPresence()],
  ['Redis', () => createRedisPresence(serverUrl('redis'), { keyPrefix: `${uniqueName('test')}:` })],
];

const opened: Presence[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((presence) => presence.close()));
});
const track = (presence: Presence) => {
  opened.push(presence);
  const changes: PresenceChange[] = [];
  presence.onChange((change) => changes.push(change));
  return { presence, changes };
};
const sorted = async (presence: Presence) => (await presence.onlineUsers()).sort();

describe.each(implementations)('%s presence', (_name, open) => {
  it('answers which of some users are online, and how many are, without listing everyone', async () => {
    const { presence, changes } = track(await open());
    await presence.connect('ann');
    await presence.connect('bob');
    await eventually(() => changes.length === 2, 'both online');
    expect(await presence.whoIsOnline(['bob', 'cat'])).toEqual(['bob']);
    expect(await presence.whoIsOnline([])).toEqual([]);
    expect(await presence.onlineCount()).toBe(2);
  });

  it('keeps a user online until their last connection leaves', async () => {
    const { presence, changes } = track(await open());
    await presence.connect('ann');
    await presence.connect('ann');
    await presence.connect('bob');
    await eventually(() => changes.length === 2, 'both online');
    expect(await sorted(presence)).toEqual(['ann', 'bob']);

    await presence.disconnect('ann');
    expect(await presence.onlineUsers()).toContain('ann');
    await presence.disconnect('ann');
    await eventually(() => changes.length === 3, 'ann offline');
    expect(await presence.onlineUsers()).toEqual(['bob']);
    expect(changes).toEqual([
      { userId: 'ann', online: true },
      { userId: 'bob', online: true },
      { userId: 'ann', online: false },
    ]);
  });

  it('ignores a disconnect of a user who is not connected', async () => {
    const { presence, changes } = track(await open());
    await presence.disconnect('ghost');
    await presence.connect('ann');
    await eventually(() => changes.length === 1, 'ann online');
    expect(changes).toEqual([{ userId: 'ann', online: true }]);
    expect(await presence.onlineUsers()).toEqual(['ann']);
  });

  it('answers a ping', async () => {
    const { presence } = track(await open());
    await expect(presence.ping()).resolves.toBeUndefined();
  });
});

describe('Redis presence across replicas', () => {
  const url = serverUrl('redis');
  const replicaOptions = (keyPrefix: string): RedisPresenceOptions => ({ keyPrefix, heartbeatMs: 100, replicaTtlMs: 600 });

  it('counts a user with tabs on two replicas online until both are gone', async () => {
    const prefix = `${uniqueName('test')}:`;
    const one = track(await createRedisPresence(url, replicaOptions(prefix)));
    const two = track(await createRedisPresence(url, replicaOptions(prefix)));
    await one.presence.connect('ann');
    await two.presence.connect('ann');
    await eventually(() => two.changes.length === 1, 'the second replica sees ann');
    await one.presence.disconnect('ann');
    await two.presence.connect('bob');
    await eventually(() => one.changes.length === 2, 'the first replica sees bob');
    expect(await sorted(one.presence)).toEqual(['ann', 'bob']);
    await two.presence.disconnect('ann');
    await eventually(() => one.changes.length === 3, 'ann leaves for good');
    expect(one.changes.at(-1)).toEqual({ userId: 'ann', online: false });
    expect(await sorted(one.presence)).toEqual(['bob']);
  });

  it('shows a new replica who is already online', async () => {
    const prefix = `${uniqueName('test')}:`;
    const one = track(await createRedisPresence(url, replicaOptions(prefix)));
    await one.presence.connect('ann');
    const late = track(await createRedisPresence(url, replicaOptions(prefix)));
    expect(await late.presence.onlineUsers()).toEqual(['ann']);
  });

  it('takes a closed replica’s users offline at once', async () => {
    const prefix = `${uniqueName('test')}:`;
    const watcher = track(await createRedisPresence(url, { keyPrefix: prefix }));
    const leaving = await createRedisPresence(url, { keyPrefix: prefix });
    await leaving.connect('ann');
    await eventually(() => watcher.changes.length === 1, 'ann online');
    await leaving.close();
    await eventually(() => watcher.changes.length === 2, 'ann offline', 1000);
    expect(await watcher.presence.onlineUsers()).toEqual([]);
  });

  it('takes a killed replica’s users offline once its heartbeat expires, but not those connected elsewhere', async () => {
    const prefix = `${uniqueName('test')}:`;
    const watcher = track(await createRedisPresence(url, replicaOptions(prefix)));
    await watcher.presence.connect('bob');
    const script = fileURLToPath(new URL('../../../test/support/presence-replica.mjs', import.meta.url));
    const child = spawn(process.execPath, [script, url, prefix, '600', 'ann', 'bob'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(child.stdout, 'data');
    await eventually(() => watcher.changes.some((c) => c.userId === 'ann' && c.online), 'ann online');
    child.kill('SIGKILL');
    await eventually(() => watcher.changes.some((c) => c.userId === 'ann' && !c.online), 'ann offline after expiry', 3000);
    expect(await watcher.presence.onlineUsers()).toEqual(['bob']);
  });

  it('writes its users again after Redis lost its data', async () => {
    const prefix = `${uniqueName('test')}:`;
    const replica = track(await createRedisPresence(url, replicaOptions(prefix)));
    await replica.presence.connect('ann');
    await replica.presence.connect('ann');
    const raw = new Redis(url);
    const keys = await raw.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    await raw.del(...keys);
    await eventually(async () => (await raw.keys(`${prefix}*`)).length >= keys.length, 'the replica to write its users again');
    const late = track(await createRedisPresence(url, replicaOptions(prefix)));
    expect(await late.presence.onlineUsers()).toEqual(['ann']);
    await replica.presence.disconnect('ann');
    await replica.presence.disconnect('ann');
    await eventually(() => late.changes.length === 1, 'ann offline, counted right');
    expect(late.changes).toEqual([{ userId: 'ann', online: false }]);
    raw.disconnect();
  });
});
