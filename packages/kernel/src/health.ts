import type { FastifyInstance } from 'fastify';
import { withTimeout } from './timeout.js';

export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2000;
const QUIETER_THAN_WARN = ['error', 'fatal', 'silent'] as const;

/** `/healthz`: the process answers. `/readyz`: every dependency answered a real request just now. */
/** For routes polled every few seconds (probes, scrapes): only failures are worth a line, and a quieter app stays quieter. */
export const quietRouteLogLevel = (app: FastifyInstance) => QUIETER_THAN_WARN.find((level) => level === app.log.level) ?? 'warn';

export async function registerHealthRoutes(app: FastifyInstance, checks: Record<string, ReadinessCheck>): Promise<void> {
  const logLevel = quietRouteLogLevel(app);
  app.get('/healthz', { logLevel }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel }, async (request, reply) => {
    const failed: string[] = [];
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS, 'timed out');
        } catch (error) {
          request.log.warn({ err: error, dependency: name }, 'readiness check failed');
          failed.push(name);
        }
      }),
    );
    if (failed.length > 0) return reply.status(503).send({ message: `Not ready: ${failed.sort().join(', ')}` });
    return { status: 'ready' };
  });
}
