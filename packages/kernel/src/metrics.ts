import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { quietRouteLogLevel } from './health.js';

/** What services count with, from the one prom-client every service shares. */
export { Counter, Gauge, type Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a service registers its own Prometheus metrics; served at /metrics by a service app. */
    metrics: Registry;
  }
}

/** Probes and scrapes are not traffic: timing them would drown the routes people use. */
const UNTIMED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** Every app has a registry to count into, so a service plugin works the same in any app. */
export function decorateMetrics(app: FastifyInstance): void {
  app.decorate('metrics', new Registry());
}

/**
 * `GET /metrics` in the Prometheus text format: the process (CPU, memory, event loop lag, GC),
 * the latency of every route by method and status, and what the services count themselves.
 */
export function serveMetrics(app: FastifyInstance): void {
  const registry = app.metrics;
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (UNTIMED_ROUTES.has(route)) return;
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { logLevel: quietRouteLogLevel(app) }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
}
