import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvErrors from 'ajv-errors';
import Fastify, { type FastifyServerOptions } from 'fastify';
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
  return app;
}

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>;
