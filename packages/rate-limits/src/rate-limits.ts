import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { batchedRedisRateLimitStore } from './batched-redis-store.js';
import { tooManyRequests } from '@chat/kernel';

/** Where counts live: this process's memory, or Redis so that every replica counts together. */
export interface RateLimitStore {
  redis?: Redis;
  keyPrefix?: string;
}

/**
 * How a replica counts with Redis: `exact` asks it on every request (for limits that guard
 * against guessing, like logins); `batched` counts in memory and syncs every RATE_LIMIT_SYNC_MS
 * (for limits on a hot path, like sends, where a round trip per request would cost more than
 * the send).
 */
export type RateLimitCounting = 'exact' | 'batched';

/** Lets a service declare limits (`limitRequests`); registered once inside each service plugin. */
export async function registerRateLimiting(
  app: FastifyInstance,
  store: RateLimitStore = {},
  counting: RateLimitCounting = 'exact',
): Promise<void> {
  const nameSpace = `${store.keyPrefix ?? ''}rate-limit:`;
  await app.register(rateLimit, {
    global: false,
    ...(store.redis && counting === 'batched' ? { store: batchedRedisRateLimitStore(store.redis, nameSpace) } : {}),
    redis: store.redis,
    nameSpace,
    // A Redis outage must not take logins and sends down with it.
    skipOnError: true,
  });
}

export interface RequestLimit {
  /** Keeps this limit's counts apart from the others'. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: a client address, an email, a user; undefined counts nothing. */
  key(request: FastifyRequest): string | undefined;
  message: string;
}

/** A preHandler that answers 429 `{message}` (with Retry-After) once `max` requests in the window are used. */
export function limitRequests(app: FastifyInstance, limit: RequestLimit): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${limit.name}:${limit.key(request) ?? ''}`,
  });
  return async (request, reply) => {
    if (limit.key(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw tooManyRequests(limit.message);
    }
  };
}
