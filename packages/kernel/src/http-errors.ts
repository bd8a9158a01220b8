import { REQUEST_ERRORS, SERVER_ERRORS } from '@chat/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An error whose message is safe to show to the client, answered as `{message}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string = REQUEST_ERRORS.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: REQUEST_ERRORS.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: REQUEST_ERRORS.unsupportedType,
  FST_ERR_CTP_INVALID_JSON_BODY: REQUEST_ERRORS.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: REQUEST_ERRORS.emptyBody,
};

function clientMessage(error: FastifyError): string {
  if (error instanceof HttpError) return error.message;
  if (error.code && FASTIFY_CLIENT_ERRORS[error.code]) return FASTIFY_CLIENT_ERRORS[error.code]!;
  if (error.validation) return error.message;
  if (error.code === 'FST_ERR_VALIDATION' || error.statusCode === 400) return REQUEST_ERRORS.badRequest;
  return error.message;
}

/** Every error leaves as `{message}`; a server fault is logged and never leaks its details. */
export const httpErrors = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ message: status === 503 ? SERVER_ERRORS.unavailable : SERVER_ERRORS.internal });
      }
      return reply.status(status).send({ message: clientMessage(error) });
    });
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: REQUEST_ERRORS.notFound }));
  },
  { name: 'http-errors' },
);
