import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, eventually, listenOnFreePort, serverUrl, uniqueName } from '#test-support';
import { limitRequests, registerRateLimiting, type RateLimitStore } from '../src/rate-limits.js';
import { createHttpServer } from '@chat/kernel';

const opened: { close(): Promise<unknown> | void }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map(async (resource) => resource.close()));
});

/** One replica of a service whose POST /send is limited per `user` header, counted in batches. */
async function replica(store: RateLimitStore, max = 3, windowMs = 60_000) {
  const app = await createHttpServer({ logLevel: 'silent' });
  opened.push(app);
  await registerRateLimiting(app, store, 'batched');
  const limit = limitRequests(app, {
    name: 'send',
    max,
    windowMs,
    key: (request) => request.headers.user as string,
    message: 'Too fast',
  });
  app.post('/send', { preHandler: limit }, async () => ({ sent: true }));
  const client = new ApiClient(await listenOnFreePort(app));
  return (user: string) => client.request('POST', '/send', {}, { user }).then((response) => response.status);
}

async function redisStore(url = serverUrl('redis'), keyPrefix = `${uniqueName('test')}:`): Promise<RateLimitStore> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 500, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  opened.push({ close: () => redis.disconnect() });
  return { redis, keyPrefix };
}

/** The counts the replicas have added up in Redis under a key prefix. */
async function sharedCounts(keyPrefix: string): Promise<number[]> {
  const redis = new Redis(serverUrl('redis'));
  try {
    const keys = await redis.keys(`${keyPrefix}*`);
    return keys.length === 0 ? [] : (await redis.mget(...keys)).map(Number);
  } finally {
    redis.disconnect();
  }
}

describe('sending limits counted in batches through Redis', () => {
  it('refuses a user on one replica once they used the limit on another', async () => {
    const keyPrefix = `${uniqueName('test')}:`;
    const first = await replica(await redisStore(serverUrl('redis'), keyPrefix));
    const second = await replica(await redisStore(serverUrl('redis'), keyPrefix));
    expect([await first('ann'), await first('ann'), await first('ann')]).toEqual([200, 200, 200]);
    await eventually(async () => (await sharedCounts(keyPrefix)).includes(3), 'the three sends counted in Redis');
    expect(await second('ann')).toBe(429);
    expect(await second('bob')).toBe(200);
  });

  it('still holds the limit on each replica while Redis is unreachable', async () => {
    const send = await replica(await redisStore('redis://127.0.0.1:1'));
    expect([await send('ann'), await send('ann'), await send('ann'), await send('ann')]).toEqual([200, 200, 200, 429]);
  });

  it('lets the user send again once the window is over', async () => {
    const send = await replica(await redisStore(), 2, 300);
    expect([await send('ann'), await send('ann'), await send('ann')]).toEqual([200, 200, 429]);
    await eventually(async () => (await send('ann')) === 200, 'a send accepted in the next window', 10_000, 100);
  });
});

describe('what a count is kept under', () => {
  it('is as short for a key of 10 kB as for a user id, and still tells keys apart', async () => {
    const store = await redisStore();
    const send = await replica(store, 1);
    const huge = 'x'.repeat(10_000);
    expect(await send(huge)).toBe(200);
    expect(await send(`${huge}y`), 'another key has its own count').toBe(200);
    expect(await send(huge)).toBe(429);
    const redis = new Redis(serverUrl('redis'));
    try {
      await eventually(async () => (await redis.keys(`${store.keyPrefix}*`)).length === 2, 'both counts in Redis');
      const keys = await redis.keys(`${store.keyPrefix}*`);
      for (const key of keys) expect(key.length).toBeLessThan(100);
    } finally {
      redis.disconnect();
    }
  });
});
