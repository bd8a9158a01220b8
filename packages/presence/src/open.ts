import type { Config } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { createInProcessBlockedPairs, type BlockedPairs } from './blocked-pairs.js';
import { createInProcessPresence, type Presence } from './presence.js';

/** Shared through Redis when REDIS_URL is set, else this process's own. */
export async function openPresence(config: Config, log: FastifyBaseLogger): Promise<Presence> {
  if (config.redisUrl) {
    const { createRedisPresence } = await import('./redis.js');
    return createRedisPresence(config.redisUrl, {
      keyPrefix: config.redisKeyPrefix,
      onError: (error) => log.warn({ err: error }, 'presence could not reach Redis'),
    });
  }
  return createInProcessPresence();
}

/** Shared through Redis when REDIS_URL is set, else this process's own. */
export async function openBlockedPairs(config: Config, log: FastifyBaseLogger): Promise<BlockedPairs> {
  if (config.redisUrl) {
    const { createRedisBlockedPairs } = await import('./blocked-pairs-redis.js');
    return createRedisBlockedPairs(config.redisUrl, {
      keyPrefix: config.redisKeyPrefix,
      onError: (error) => log.warn({ err: error }, 'blocked pairs could not reach Redis'),
    });
  }
  return createInProcessBlockedPairs();
}
