import { createHash } from 'node:crypto';
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

export interface KeyLimit {
  /** Keeps this limit's counts apart from the others'. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

export interface RequestLimit extends KeyLimit {
  /** What is counted: a client address, an email, a user; undefined counts nothing. */
  key(request: FastifyRequest): string | undefined;
}

/** Counts one more use of `key`: fine, or refused with how long until the window frees a use. */
export type KeyLimiter = (key: string) => Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number; message: string }>;

/**
 * Counts uses per key, for work that does not come as an HTTP request (a send relayed from a
 * socket), in the same store and under the same names as `limitRequests`, so one budget covers
 * both ways of doing the same thing.
 */
export function limitKeys(app: FastifyInstance, limit: KeyLimit): KeyLimiter {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${limit.name}:${digest((request as unknown as CountedKey).countedKey)}`,
  });
  return async (key) => {
    // The limiter reads nothing of a request but the key it is given and the route's own settings.
    const counted: CountedKey = { countedKey: key, routeOptions: { config: {} } };
    const result = await check(counted as unknown as FastifyRequest);
    return !result.isAllowed && result.isExceeded
      ? { allowed: false, retryAfterSeconds: result.ttlInSeconds, message: limit.message }
      : { allowed: true };
  };
}

/**
 * What a count is kept under: a digest of the key, 22 characters whatever the client sent (an email
 * of a megabyte, say), in this process's memory and in Redis alike.
 */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

interface CountedKey {
  countedKey: string;
  routeOptions: { config: object };
}

/** A preHandler that answers 429 `{message}` (with Retry-After) once `max` requests in the window are used. */
export const limitRequests = (app: FastifyInstance, limit: RequestLimit): preHandlerAsyncHookHandler =>
  limitRequestsBy(limitKeys(app, limit), limit.key);

/**
 * A preHandler counting requests with a limiter that may count other things too (each limiter
 * keeps its own counts in this process's memory: what is to be counted together shares one).
 */
export function limitRequestsBy(count: KeyLimiter, keyOf: RequestLimit['key']): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const key = keyOf(request);
    if (key === undefined) return;
    const result = await count(key);
    if (!result.allowed) {
      void reply.header('retry-after', String(result.retryAfterSeconds));
      throw tooManyRequests(result.message);
    }
  };
}
