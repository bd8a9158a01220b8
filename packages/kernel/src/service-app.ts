import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { registerHealthRoutes, type ReadinessCheck } from './health.js';
import { serveMetrics } from './metrics.js';
import { createHttpServer, type HttpServer } from './server.js';

/** Something a service holds open: checked by `/readyz` when it can be pinged, closed after the service. */
export interface Resource {
  ping?(): Promise<unknown>;
  close?(): unknown;
}

/** How to open each resource, by the name `/readyz` reports it under; opened in this order. */
export type Openers<R> = { [K in keyof R]: (log: FastifyBaseLogger) => Promise<R[K]> | R[K] };

export interface ServiceApp<R> {
  app: HttpServer;
  resources: R;
}

/**
 * The HTTP server of any service (auth, messages, a gateway, or all of them embedded) with its
 * resources: opened in order (those already open are closed again if one fails), each checked by
 * `/readyz`, and closed in reverse order after the service's own close hooks; `/metrics` for Prometheus
 * on METRICS_PORT when it is set.
 */
export async function createServiceApp<R extends Record<string, Resource>>(config: Config, openers: Openers<R>): Promise<ServiceApp<R>> {
  const app = await createHttpServer({ logLevel: config.logLevel, trustProxy: config.trustProxy, timeouts: config.timeouts });
  const opened: [string, Resource][] = [];
  const closeAll = async () => {
    for (const [, resource] of [...opened].reverse()) await resource.close?.();
  };
  try {
    for (const [name, open] of Object.entries(openers) as [string, (log: FastifyBaseLogger) => Promise<Resource> | Resource][]) {
      opened.push([name, await open(app.log)]);
    }
  } catch (error) {
    await closeAll();
    await app.close();
    throw error;
  }
  // Root hooks run after the services' own, so the resources close last.
  app.addHook('onClose', closeAll);
  const checks: Record<string, ReadinessCheck> = {};
  for (const [name, resource] of opened) {
    if (resource.ping) checks[name] = async () => void (await resource.ping!());
  }
  await registerHealthRoutes(app, checks);
  serveMetrics(app, config.metricsPort === undefined ? undefined : { port: config.metricsPort, host: config.host });
  return { app, resources: Object.fromEntries(opened) as R };
}
