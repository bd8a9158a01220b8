import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { httpErrors } from './http-errors.js';
import { loggerOptions } from './log.js';
import { decorateMetrics } from './metrics.js';
import { DEFAULT_REQUEST_TIMEOUTS, limitBodyTime, TIMEOUT_CHECK_MS, type RequestTimeouts } from './request-timeouts.js';
import { registerSecurityHeaders } from './security-headers.js';
import { buildSerializer } from './serializer.js';
import { AJV_OPTIONS, firstSchemaError } from './validator.js';

export interface HttpServerOptions {
  logLevel: string;
  /** Behind the edge (nginx, an Ingress) the client address comes from X-Forwarded-For. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** How long a close waits for requests and upgraded connections still open; 8 s when absent. */
  drainLimitMs?: number;
  /** How long a client may take to send a request; DEFAULT_REQUEST_TIMEOUTS when absent. */
  timeouts?: RequestTimeouts;
}

/** The Fastify instance every service and the embedded mode start from. */
export async function createHttpServer(options: HttpServerOptions) {
  const timeouts = options.timeouts ?? DEFAULT_REQUEST_TIMEOUTS;
  const app = Fastify({
    ...loggerOptions(options.logLevel),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
    return503OnClosing: true,
    ajv: AJV_OPTIONS,
    schemaController: { compilersFactory: { buildSerializer } },
    schemaErrorFormatter: (errors) => new Error(firstSchemaError(errors)),
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(httpErrors);
  await registerSecurityHeaders(app);
  decorateMetrics(app);
  limitBodyTime(app, timeouts);
  closeConnectionsOnceIdle(app, options.drainLimitMs ?? DRAIN_LIMIT_MS);
  return app;
}

/** While a server closes, how often connections that have finished their last request are ended. */
const IDLE_SWEEP_MS = 50;

/** Within the 10 s a process is given to stop (and Kubernetes' 30 s), with room to close the rest. */
const DRAIN_LIMIT_MS = 8_000;

/**
 * Node's `server.close()` ends only the connections idle at that instant: one still answering a
 * request stays open after its answer for the whole keep-alive timeout (72 s), and the close waits
 * for it. From the start of a close, every answer says `Connection: close`, and connections that
 * became idle anyway (an answer written outside Fastify, such as a Socket.IO poll) are ended.
 * Whatever is still open after the drain limit (a request that does not finish, a WebSocket whose
 * peer does not answer the closing handshake) is cut, and named in a warning.
 */
function closeConnectionsOnceIdle(app: FastifyInstance, drainLimitMs: number): void {
  const inFlight = new Set<IncomingMessage>();
  const upgraded = new Set<Duplex>();
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(request);
    response.once('close', () => inFlight.delete(request));
  });
  app.server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  let drainLimit: NodeJS.Timeout | undefined;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    drainLimit = setTimeout(() => {
      const requests = [...inFlight].map((request) => `${request.method} ${request.url?.split('?')[0]}`);
      app.log.warn({ requests, upgraded: upgraded.size }, 'closing: cut the connections still open after the drain limit');
      app.server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
    }, drainLimitMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearTimeout(drainLimit);
  });
}

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>;
