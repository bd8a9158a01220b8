import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Presence, PresenceListener } from './presence.js';
import { withTimeout } from '@chat/kernel';

export interface RedisPresenceOptions {
  /** Prepended to every key and channel, so deployments or test runs can share one server. */
  keyPrefix?: string;
  /** How often this replica says it is alive and looks for replicas that stopped saying so. */
  heartbeatMs?: number;
  /** A replica silent this long is dead: its users go offline (unless connected elsewhere). */
  replicaTtlMs?: number;
  /** Reported when a presence write fails; the next heartbeat writes this replica's state again. */
  onError?: (error: unknown) => void;
}

/** Closing waits this long for Redis to take this replica's users offline, then leaves it to the reaper. */
const LEAVE_TIMEOUT_MS = 2_000;

/**
 * Per user, a connection count per replica (`replica:<id>`) and in total (`users`). Scripts keep
 * both in step atomically and publish `+id` / `-id` when a user's total leaves or reaches zero.
 * Each replica sends a heartbeat to a sorted set of expiry times; any replica reaps a dead one.
 */
const SCRIPTS = {
  connect: `
    redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
    if redis.call('HINCRBY', KEYS[2], ARGV[1], 1) == 1 then redis.call('PUBLISH', ARGV[2], '+' .. ARGV[1]) end`,
  disconnect: `
    local here = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
    if here <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
    if here < 0 then return end
    if redis.call('HINCRBY', KEYS[2], ARGV[1], -1) <= 0 then
      redis.call('HDEL', KEYS[2], ARGV[1])
      redis.call('PUBLISH', ARGV[2], '-' .. ARGV[1])
    end`,
  /** KEYS: replicas, users. ARGV: now, replica key prefix, channel, and optionally one replica id to remove now. */
  reap: `
    local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
    if ARGV[4] then table.insert(dead, ARGV[4]) end
    for _, id in ipairs(dead) do
      local key = ARGV[2] .. id
      local entries = redis.call('HGETALL', key)
      for i = 1, #entries, 2 do
        if redis.call('HINCRBY', KEYS[2], entries[i], -tonumber(entries[i + 1])) <= 0 then
          redis.call('HDEL', KEYS[2], entries[i])
          redis.call('PUBLISH', ARGV[3], '-' .. entries[i])
        end
      end
      redis.call('DEL', key)
      redis.call('ZREM', KEYS[1], id)
    end
    return #dead`,
  /** Makes this replica's stored counts equal ARGV's (channel, then user, count pairs), fixing totals. */
  resync: `
    local stored = {}
    local entries = redis.call('HGETALL', KEYS[1])
    for i = 1, #entries, 2 do stored[entries[i]] = tonumber(entries[i + 1]) end
    redis.call('DEL', KEYS[1])
    local function apply(user, delta)
      if delta == 0 then return end
      local total = redis.call('HINCRBY', KEYS[2], user, delta)
      if total <= 0 then
        redis.call('HDEL', KEYS[2], user)
        redis.call('PUBLISH', ARGV[1], '-' .. user)
      elseif total == delta then
        redis.call('PUBLISH', ARGV[1], '+' .. user)
      end
    end
    for i = 2, #ARGV, 2 do
      local user, count = ARGV[i], tonumber(ARGV[i + 1])
      redis.call('HSET', KEYS[1], user, count)
      apply(user, count - (stored[user] or 0))
      stored[user] = nil
    end
    for user, count in pairs(stored) do apply(user, -count) end`,
};

/**
 * Presence shared by every gateway replica through Redis. Online ids are mirrored in memory from a
 * pub/sub channel, so a snapshot costs no round trip. Writes are issued in call order on one
 * connection, each with its change of the local counts, so a resync always sends what Redis should
 * hold. After Redis loses its data (a restart) or reaps this replica, the heartbeat notices that
 * this replica was missing and writes its state again: presence rebuilds from the live sockets.
 */
export async function createRedisPresence(url: string, options: RedisPresenceOptions = {}): Promise<Presence> {
  const prefix = `${options.keyPrefix ?? ''}presence:`;
  const replicaId = randomUUID();
  const keys = {
    replicas: `${prefix}replicas`,
    users: `${prefix}users`,
    replicaPrefix: `${prefix}replica:`,
    replica: `${prefix}replica:${replicaId}`,
    channel: `${prefix}changes`,
  };
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const replicaTtlMs = options.replicaTtlMs ?? 20_000;
  const report = options.onError ?? (() => undefined);

  // Commands wait out a Redis restart instead of failing; the readiness ping has its own timeout.
  // Commands issued in one turn go out in one write: a write is a costly system call, and a
  // thousand users connecting at once are a thousand commands.
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, enableAutoPipelining: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', report);
  subscriber.on('error', report);
  // Named apart from the client's own methods (it has a `connect` and a `disconnect`).
  const commandName = (name: string) => `presence_${name}`;
  for (const [name, lua] of Object.entries(SCRIPTS)) redis.defineCommand(commandName(name), { lua, numberOfKeys: 2 });
  const run = (name: keyof typeof SCRIPTS, keyArgs: string[], args: (string | number)[]) =>
    (redis as unknown as Record<string, (...a: (string | number)[]) => Promise<unknown>>)[commandName(name)]!(...keyArgs, ...args);

  const counts = new Map<string, number>();
  const online = new Set<string>();
  const listeners = new Set<PresenceListener>();
  const notify = (userId: string, isOnline: boolean) => {
    if (isOnline === online.has(userId)) return;
    if (isOnline) online.add(userId);
    else online.delete(userId);
    for (const listener of listeners) listener({ userId, online: isOnline });
  };

  // The local counts change in the same turn as their command is issued, and one connection
  // runs commands in the order they were issued: Redis holds what the counts say once it has run
  // what was issued before, so a resync always sends what Redis should hold, without waiting for
  // one write before issuing the next.
  let needsResync = false;
  const write = (command: Promise<unknown>): Promise<void> =>
    command.then(
      () => undefined,
      (error: unknown) => {
        needsResync = true;
        report(error);
      },
    );

  const resync = () => {
    needsResync = false;
    return run('resync', [keys.replica, keys.users], [keys.channel, ...[...counts].flat()]).catch((error: unknown) => {
      needsResync = true;
      throw error;
    });
  };

  /** For each reload of the mirror on its way, the users whose change was heard meanwhile. */
  const heardDuringReloads = new Set<Set<string>>();
  /**
   * Reloads the mirror from Redis, announcing whoever changed while the subscription was down. A
   * change heard while the read was on its way is as new as the read or newer (the two arrive on
   * different connections, in either order): it stands, or a user could stay offline for good.
   */
  const reloadMirror = async () => {
    const heard = new Set<string>();
    heardDuringReloads.add(heard);
    try {
      const current = new Set(await redis.hkeys(keys.users));
      for (const userId of [...online]) if (!current.has(userId) && !heard.has(userId)) notify(userId, false);
      for (const userId of current) if (!heard.has(userId)) notify(userId, true);
    } finally {
      heardDuringReloads.delete(heard);
    }
  };

  const heartbeat = async () => {
    const now = Date.now();
    const added = await redis.zadd(keys.replicas, now + replicaTtlMs, replicaId);
    if (added === 1 || needsResync) await resync();
    await run('reap', [keys.replicas, keys.users], [now, keys.replicaPrefix, keys.channel]);
  };
  const beat = () => heartbeat().catch(report);

  subscriber.on('message', (_channel: string, change: string) => {
    const userId = change.slice(1);
    for (const heard of heardDuringReloads) heard.add(userId);
    notify(userId, change.startsWith('+'));
  });
  await redis.connect();
  await subscriber.connect();
  await subscriber.subscribe(keys.channel);
  await reloadMirror();
  await heartbeat();
  // Set after the first connection, so these run only when a lost connection comes back. ioredis
  // says 'ready' before it has subscribed again: the mirror is reloaded once the subscription is
  // confirmed, or a change published in between (another replica's resync) would never reach it.
  subscriber.on('ready', () => {
    subscriber.subscribe(keys.channel).then(reloadMirror).catch(report);
  });
  redis.on('ready', beat);
  const timer = setInterval(beat, heartbeatMs);
  timer.unref();

  return {
    connect(userId) {
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
      return write(run('connect', [keys.replica, keys.users], [userId, keys.channel]));
    },
    async disconnect(userId) {
      const count = counts.get(userId);
      if (count === undefined) return;
      if (count > 1) counts.set(userId, count - 1);
      else counts.delete(userId);
      await write(run('disconnect', [keys.replica, keys.users], [userId, keys.channel]));
    },
    async onlineUsers() {
      return [...online];
    },
    async whoIsOnline(userIds) {
      return userIds.filter((userId) => online.has(userId));
    },
    async onlineCount() {
      return online.size;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      clearInterval(timer);
      listeners.clear();
      // This replica's users go offline now, not when its heartbeat expires.
      const leave = run('reap', [keys.replicas, keys.users], [0, keys.replicaPrefix, keys.channel, replicaId]);
      await withTimeout(leave, LEAVE_TIMEOUT_MS, 'Redis did not take this replica leaving in time').catch(report);
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
