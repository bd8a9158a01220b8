import { Redis } from 'ioredis';
import type { BlockedPairs } from './blocked-pairs.js';

export interface RedisBlockedPairsOptions {
  /** Prepended to every key, so deployments or test runs can share one server. */
  keyPrefix?: string;
  onError?: (error: unknown) => void;
}

/** Blocked pairs shared through Redis: per user, a set of whom they blocked and one of who blocked them. */
export async function createRedisBlockedPairs(url: string, options: RedisBlockedPairsOptions = {}): Promise<BlockedPairs> {
  const prefix = `${options.keyPrefix ?? ''}blocks:`;
  const keys = { blocked: (userId: string) => `${prefix}by:${userId}`, blockedBy: (userId: string) => `${prefix}of:${userId}` };
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, enableAutoPipelining: true });
  redis.on('error', options.onError ?? (() => undefined));
  await redis.connect();
  return {
    async block(blockerId, blockedId) {
      await redis.multi().sadd(keys.blocked(blockerId), blockedId).sadd(keys.blockedBy(blockedId), blockerId).exec();
    },
    async unblock(blockerId, blockedId) {
      await redis.multi().srem(keys.blocked(blockerId), blockedId).srem(keys.blockedBy(blockedId), blockerId).exec();
    },
    async hiddenPeers(userId) {
      return redis.sunion(keys.blocked(userId), keys.blockedBy(userId));
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
