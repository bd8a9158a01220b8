import { randomUUID } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w-]{1,64}$/;

/** On a terminal a request's line says these in its text already; JSON lines keep them as fields. */
const TERMINAL_HIDES = 'pid,hostname,reqId,method,path,statusCode,ms';

/**
 * Pino settings shared by every service: a request id on each line, and no secrets. On a terminal
 * (`make start`) lines are printed for a person to read; anywhere else (containers, files, tests)
 * they stay one JSON object a line for a log collector.
 */
export function loggerOptions(
  level: string,
  toTerminal = process.stdout.isTTY === true,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      ...(toTerminal && { stream: pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: TERMINAL_HIDES }) }),
    },
    logController: new OneLinePerRequest(),
    // Fastify would trust the header verbatim; genReqId checks it first.
    requestIdHeader: false,
    // An id handed in by the edge is kept so one request can be followed across services.
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
  };
}

/**
 * One line for each answered request (method, path, status, time, readable as it stands) instead
 * of Fastify's two ("incoming request", "request completed"). The query string is left out: it
 * can carry what a person searched for. A route's own `logLevel` (the probes') still silences it.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?', 1)[0];
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, path, statusCode: reply.statusCode, ms };
    const text = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...line, err: error }, text);
    else reply.log.info(line, text);
  }
}
