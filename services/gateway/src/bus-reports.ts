import { randomUUID } from 'node:crypto';
import type { Bus } from '@chat/bus';
import { MAX_REPORTS_PER_EVENT } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface ReportBatch<T> {
  /** Queues a report; a later one under the same key merges with it. */
  add(key: string, report: T): void;
  /** Publishes what is queued now. */
  flush(): Promise<void>;
  /** Publishes what is queued and stops. */
  stop(): Promise<void>;
}

/**
 * Reports from this replica to a service, sent as one event every `intervalMs` instead of one per
 * socket event: under load a batch carries hundreds. A batch goes out in events of at most
 * MAX_REPORTS_PER_EVENT reports; one the bus refuses is kept for the next batch.
 */
export function batchReports<T>(options: {
  bus: Bus;
  subject: string;
  log: FastifyBaseLogger;
  intervalMs: number;
  merge: (earlier: T, later: T) => T;
  event: (reports: T[]) => unknown;
}): ReportBatch<T> {
  const { bus, subject, log, merge } = options;
  let queued = new Map<string, T>();

  const add = (key: string, report: T) => {
    const earlier = queued.get(key);
    queued.set(key, earlier === undefined ? report : merge(earlier, report));
  };

  const publish = async (part: [string, T][]) => {
    try {
      await bus.publishEvent(subject, JSON.stringify(options.event(part.map(([, report]) => report))), randomUUID());
    } catch (error) {
      log.warn({ err: error, subject }, 'could not publish reports: kept for the next batch');
      for (const [key, report] of part) {
        const later = queued.get(key);
        queued.set(key, later === undefined ? report : merge(report, later));
      }
    }
  };

  const flush = async () => {
    if (queued.size === 0) return;
    const batch = [...queued];
    queued = new Map();
    const parts: Promise<void>[] = [];
    for (let start = 0; start < batch.length; start += MAX_REPORTS_PER_EVENT)
      parts.push(publish(batch.slice(start, start + MAX_REPORTS_PER_EVENT)));
    await Promise.all(parts);
  };

  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();
  return {
    add,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
