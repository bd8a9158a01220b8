import type { Config } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limits.js';

/** Rate-limit counts in Redis when it is configured (shared by replicas), else in memory. */
export function openRateLimitStore(config: Config, log: FastifyBaseLogger): RateLimitStore & { close(): void } {
  if (!config.redisUrl) return { close: () => undefined };
  // Fail fast rather than queue: a limit that cannot be checked is skipped, never waited for.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 1_000, enableOfflineQueue: false });
  redis.on('error', (error) => log.warn({ err: error }, 'rate limits could not reach Redis'));
  return { redis, keyPrefix: config.redisKeyPrefix, close: () => redis.disconnect() };
}
