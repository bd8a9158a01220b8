import { Redis } from 'ioredis';
import { revokedSessionMirror, type RevokedSession, type SessionRevocations } from './revocations.js';

export interface RedisRevocationsOptions {
  keyPrefix?: string;
  onError?: (error: unknown) => void;
}

/**
 * Revocations shared by every process through Redis: a sorted set (session id, scored by its
 * expiry) holds the list and a channel announces additions, which each process mirrors in memory.
 * The mirror is reloaded whenever the subscription is (re)confirmed, so nothing announced while a
 * process was cut off is missed.
 */
export async function createRedisRevocations(url: string, options: RedisRevocationsOptions = {}): Promise<SessionRevocations> {
  const prefix = `${options.keyPrefix ?? ''}sessions:`;
  // `filled` is set when the list is filled from the records: a Redis that lost its data has none.
  const keys = { revoked: `${prefix}revoked`, channel: `${prefix}revoked`, filled: `${prefix}filled` };
  const report = options.onError ?? (() => undefined);
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, enableAutoPipelining: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', report);
  subscriber.on('error', report);
  const mirror = revokedSessionMirror();

  const reloadMirror = async () => {
    const entries = await redis.zrangebyscore(keys.revoked, Date.now(), '+inf', 'WITHSCORES');
    const sessions: RevokedSession[] = [];
    for (let i = 0; i < entries.length; i += 2) sessions.push({ id: entries[i]!, expiresAt: Number(entries[i + 1]) });
    mirror.add(sessions);
  };

  subscriber.on('message', (_channel: string, message: string) => {
    try {
      mirror.add(JSON.parse(message) as RevokedSession[]);
    } catch (error) {
      report(error);
    }
  });
  await redis.connect();
  await subscriber.connect();
  await subscriber.subscribe(keys.channel);
  await reloadMirror();

  const revoke = async (sessions: readonly RevokedSession[], filled = false) => {
    if (sessions.length === 0 && !filled) return;
    mirror.add(sessions);
    const write = redis.multi();
    if (sessions.length > 0) write.zadd(keys.revoked, ...sessions.flatMap(({ id, expiresAt }) => [expiresAt, id]));
    write.zremrangebyscore(keys.revoked, '-inf', Date.now());
    if (filled) write.set(keys.filled, '1');
    if (sessions.length > 0) write.publish(keys.channel, JSON.stringify(sessions));
    await write.exec();
  };
  /** The records to fill the list from, once the keeper of them said which (`keepFilled`). */
  let records: (() => Promise<readonly RevokedSession[]>) | null = null;
  const fillIfEmptied = async () => {
    if (records && !(await redis.exists(keys.filled))) await revoke(await records(), true);
  };

  // ioredis says 'ready' before it has subscribed again: reload once the subscription is confirmed.
  // Back after a cut, the list may have been lost with Redis' data: its keeper fills it again.
  subscriber.on('ready', () => {
    subscriber.subscribe(keys.channel).then(fillIfEmptied).then(reloadMirror).catch(report);
  });

  return {
    revoke: (sessions) => revoke(sessions),
    async keepFilled(source) {
      records = source;
      await revoke(await source(), true);
    },
    isRevoked: (sessionId) => mirror.has(sessionId),
    async ping() {
      await redis.ping();
    },
    async close() {
      mirror.clear();
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
