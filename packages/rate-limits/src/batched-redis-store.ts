import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** How long a replica counts on its own before adding its counts to the shared ones. */
export const RATE_LIMIT_SYNC_MS = 50;

/**
 * Adds a replica's count to the shared one and answers the total and the window's time left.
 * The first count of a window starts its expiry; a key found without one gets it too.
 */
const ADD_COUNT = `
  local total = redis.call('INCRBY', KEYS[1], ARGV[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if total == tonumber(ARGV[1]) or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {total, ttl}
`;

interface Counter {
  /** All replicas' count (this one's included) as Redis last answered it. */
  shared: number;
  /** Counted here and on its way to Redis. */
  sending: number;
  /** Counted here since the last sync. */
  pending: number;
  windowEndsAt: number;
}

interface RedisWithAddCount extends Redis {
  rateLimitAddCount(key: string, count: number, windowMs: number): Promise<[number, number]>;
}

/**
 * A @fastify/rate-limit store for limits checked on every request of a hot path (sends). A key's
 * first request in a window asks Redis; the following ones are counted in this process's memory
 * and answered at once, and every RATE_LIMIT_SYNC_MS the counts made meanwhile go to Redis in one
 * pipeline, whose answers bring back the other replicas' counts. Redis sees a round trip per
 * interval instead of one per request; the price is that replicas may together let through what
 * each admits within one interval past the limit. While Redis is unreachable the limit still
 * holds per replica.
 */
export function batchedRedisRateLimitStore(redis: Redis, keyPrefix: string): FastifyRateLimitStoreCtor {
  const client = redis as RedisWithAddCount;
  if (!client.rateLimitAddCount) client.defineCommand('rateLimitAddCount', { numberOfKeys: 1, lua: ADD_COUNT });

  class BatchedRedisStore implements FastifyRateLimitStore {
    private readonly counters = new Map<string, Counter>();
    private readonly unsent = new Set<string>();
    private syncTimer: NodeJS.Timeout | undefined;
    private sweepTimer: NodeJS.Timeout | undefined;
    private windowMs = 60_000;

    /** @fastify/rate-limit passes its options; a child passes its own prefix. */
    constructor(
      _options?: unknown,
      private readonly prefix = keyPrefix,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = Date.now();
      this.windowMs = timeWindow;
      this.sweepTimer ??= setInterval(() => this.sweep(), timeWindow).unref();
      const counter = this.counters.get(key);
      const answer = (counter: Counter) =>
        callback(null, { current: counter.shared + counter.sending + counter.pending, ttl: counter.windowEndsAt - Date.now() });
      if (counter && counter.windowEndsAt > now) {
        counter.pending += 1;
        this.unsent.add(key);
        this.syncTimer ??= setTimeout(() => void this.sync(), RATE_LIMIT_SYNC_MS).unref();
        answer(counter);
        return;
      }
      // A key's first request in a window asks Redis, so that it starts from what the other
      // replicas counted; those after it are counted here.
      const fresh: Counter = { shared: 0, sending: 1, pending: 0, windowEndsAt: now + timeWindow };
      this.counters.set(key, fresh);
      void this.send([{ key, counter: fresh, count: 1 }]).then(() => answer(fresh));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // As the plugin's own stores do: a limit set on a route counts apart from other routes'.
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      const route = routeInfo?.url ? `${routeInfo.method}${routeInfo.url}-` : '';
      return new BatchedRedisStore(undefined, `${this.prefix}${route}`);
    }

    /** Sends the counts made since the last sync and takes back the shared totals. */
    private async sync(): Promise<void> {
      this.syncTimer = undefined;
      const now = Date.now();
      const batch = [...this.unsent].flatMap((key) => {
        const counter = this.counters.get(key);
        // A window that is over has nothing left to share.
        if (!counter || counter.pending === 0 || counter.windowEndsAt <= now) return [];
        const count = counter.pending;
        counter.pending = 0;
        counter.sending += count;
        return [{ key, counter, count }];
      });
      this.unsent.clear();
      if (batch.length > 0) await this.send(batch);
    }

    private async send(batch: { key: string; counter: Counter; count: number }[]): Promise<void> {
      const pipeline = client.pipeline();
      for (const { key, count } of batch) {
        // Queued on the pipeline: its answer comes with exec's.
        void (pipeline as unknown as RedisWithAddCount).rateLimitAddCount(`${this.prefix}${key}`, count, this.windowMs);
      }
      const answers = await pipeline.exec().catch(() => null);
      const now = Date.now();
      batch.forEach(({ key, counter, count }, i) => {
        counter.sending -= count;
        const [error, answer] = answers?.[i] ?? [new Error('Redis is unreachable')];
        if (error || !Array.isArray(answer)) {
          // Not shared this time: it still counts here, and goes with the next sync.
          counter.pending += count;
          this.unsent.add(key);
          this.syncTimer ??= setTimeout(() => void this.sync(), RATE_LIMIT_SYNC_MS).unref();
          return;
        }
        const [total, ttl] = answer as [number, number];
        counter.shared = total;
        counter.windowEndsAt = now + ttl;
      });
    }

    private sweep() {
      const now = Date.now();
      for (const [key, counter] of this.counters) {
        if (counter.windowEndsAt <= now && !this.unsent.has(key)) this.counters.delete(key);
      }
    }
  }

  return BatchedRedisStore;
}
