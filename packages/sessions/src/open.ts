import type { Config } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { createInProcessRevocations, type SessionRevocations } from './revocations.js';

/** Shared through Redis when REDIS_URL is set, else this process's own. */
export async function openSessionRevocations(config: Config, log: FastifyBaseLogger): Promise<SessionRevocations> {
  if (config.redisUrl) {
    const { createRedisRevocations } = await import('./redis.js');
    return createRedisRevocations(config.redisUrl, {
      keyPrefix: config.redisKeyPrefix,
      onError: (error) => log.warn({ err: error }, 'session revocations could not reach Redis'),
    });
  }
  return createInProcessRevocations();
}
