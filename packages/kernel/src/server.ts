import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvErrors from 'ajv-errors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { httpErrors } from './http-errors.js';
import { loggerOptions } from './log.js';
import { registerSecurityHeaders } from './security-headers.js';

// ajv-errors types its options more narrowly than Fastify's plugin list accepts.
type AjvPlugin = NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number];

export interface HttpServerOptions {
  logLevel: string;
  /** Behind the edge (nginx, an Ingress) the client address comes from X-Forwarded-For. */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

/** The Fastify instance every service and the embedded mode start from. */
export async function createHttpServer(options: HttpServerOptions) {
  const app = Fastify({
    ...loggerOptions(options.logLevel),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    ajv: {
      // ajv-errors needs every error to pick the schema's own message for each field. No coercion:
      // `["Ann"]` is not a name; query values are declared as the strings they are.
      customOptions: { allErrors: true, coerceTypes: false },
      plugins: [ajvErrors.default as unknown as AjvPlugin],
    },
    // One clear sentence: the first failing rule, in the words the schema gives it.
    schemaErrorFormatter: (errors) => new Error(errors[0]?.message ?? 'Invalid request'),
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(httpErrors);
  await registerSecurityHeaders(app);
  closeConnectionsOnceIdle(app);
  return app;
}

/** While a server closes, how often connections that have finished their last request are ended. */
const IDLE_SWEEP_MS = 50;

/**
 * Node's `server.close()` ends only the connections idle at that instant: one still answering a
 * request stays open after its answer for the whole keep-alive timeout (72 s), and the close waits
 * for it. From the start of a close, every answer says `Connection: close`, and connections that
 * became idle anyway (an answer written outside Fastify, such as a Socket.IO poll) are ended.
 */
function closeConnectionsOnceIdle(app: FastifyInstance): void {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
}

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>;
