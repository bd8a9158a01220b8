import { limitRequests } from '@chat/rate-limits';
import type { FastifyInstance } from 'fastify';

/** At most `perMinute` requests a minute from each signed-in user, answering 429 with `message` past it. */
export const limitPerUser = (app: FastifyInstance, { name, perMinute, message }: { name: string; perMinute: number; message: string }) =>
  limitRequests(app, { name, max: perMinute, windowMs: 60_000, key: (request) => request.userId, message });
