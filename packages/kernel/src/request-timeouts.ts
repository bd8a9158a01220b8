import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-errors.js';

/**
 * How long a client may take to send a request. A trickled request (a byte every ten seconds)
 * holds a connection and its buffers for as long as it is let: each of these ends it with 408.
 */
export interface RequestTimeouts {
  /** Any request, whole: what a 16 MB upload on a slow phone needs (Node answers 408 past it). */
  requestMs: number;
  /** The request line and headers. */
  headersMs: number;
  /** A body, for each MiB its route may take: 1 MiB of JSON gets this long, an 8 MiB image eight times it (up to requestMs). */
  bodyPerMiBMs: number;
}

export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = { requestMs: 300_000, headersMs: 15_000, bodyPerMiBMs: 30_000 };

/** How often Node looks for requests past their time; its default (30 s) would let each run that much longer. */
export const TIMEOUT_CHECK_MS = 1_000;

const MIB = 1024 * 1024;

export const REQUEST_TIMED_OUT = 'The request took too long to arrive';

/**
 * Bounds the time of each request body that Fastify reads, by the route's body limit: the body
 * goes through a stream that fails with 408 (and the connection closes) once its time is up.
 * Multipart uploads, which read the request themselves, are bounded by `requestMs`.
 */
export function limitBodyTime(app: FastifyInstance, timeouts: RequestTimeouts): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    // Most bodies came with their headers: nothing left to wait for. A multipart upload is read
    // from the request itself by its plugin, never from this stream: REQUEST_TIMEOUT_MS bounds it.
    if (request.raw.complete || request.headers['content-type']?.startsWith('multipart/')) return payload;
    const bodyLimit = request.routeOptions.bodyLimit ?? MIB;
    const limitMs = Math.min(timeouts.requestMs, timeouts.bodyPerMiBMs * Math.max(1, Math.ceil(bodyLimit / MIB)));
    const timed = new PassThrough() as PassThrough & { receivedEncodedLength?: number };
    timed.receivedEncodedLength = 0;
    // Fastify hears the failure from its own reading; one that no longer reads must not crash the process.
    timed.on('error', () => undefined);
    const timer = setTimeout(() => {
      payload.unpipe(timed);
      void reply.header('connection', 'close');
      timed.destroy(new HttpError(408, REQUEST_TIMED_OUT));
    }, limitMs);
    const stop = () => clearTimeout(timer);
    payload.once('end', stop).once('error', stop).once('close', stop);
    reply.raw.once('close', stop);
    payload.on('data', (chunk: Buffer) => {
      timed.receivedEncodedLength! += chunk.length;
    });
    payload.once('error', (error) => timed.destroy(error));
    return (payload as Readable).pipe(timed);
  });
}
