import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** What services count with, from the one prom-client every service shares. */
export { Counter, Gauge, type Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a service registers its own Prometheus metrics; served at /metrics by a service app. */
    metrics: Registry;
    /** The listener serving `/metrics` on a port of its own, where one is configured. */
    metricsServer?: FastifyInstance;
  }
}

/** Probes are not traffic: timing them would drown the routes people use. */
const UNTIMED_ROUTES = new Set(['/healthz', '/readyz']);

/** Every app has a registry to count into, so a service plugin works the same in any app. */
export function decorateMetrics(app: FastifyInstance): void {
  app.decorate('metrics', new Registry());
}

export interface MetricsListener {
  port: number;
  host: string;
}

/**
 * `GET /metrics` in the Prometheus text format (the process: CPU, memory, event loop lag, GC; the
 * latency of every route by method and status; what the services count themselves), on a port of
 * its own that opens and closes with the app's: the app's port, which the edge and the Ingress
 * route to the world, never serves it. Without a port, nothing is served.
 */
export function serveMetrics(app: FastifyInstance, listener: MetricsListener | undefined): void {
  if (!listener) return;
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
  const scrapes = Fastify({ logger: false });
  scrapes.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  app.decorate('metricsServer', scrapes);
  app.addHook('onListen', async () => {
    await scrapes.listen(listener);
  });
  app.addHook('onClose', async () => {
    await scrapes.close();
  });
}
