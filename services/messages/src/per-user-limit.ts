import { GROUP_ERRORS, TOO_FAST_ERRORS } from '@chat/contracts';
import type { RateLimits } from '@chat/kernel';
import { limitRequests, limitRequestsBy, type KeyLimit, type KeyLimiter } from '@chat/rate-limits';
import type { FastifyInstance } from 'fastify';

/** A per-user limit: at most `perMinute` a minute from each signed-in user, answering 429 with `message` past it. */
export interface PerUserLimit {
  name: string;
  perMinute: number;
  message: string;
}

const perMinute = ({ name, perMinute, message }: PerUserLimit): KeyLimit => ({ name, max: perMinute, windowMs: 60_000, message });

export const limitPerUser = (app: FastifyInstance, limit: PerUserLimit) =>
  limitRequests(app, { ...perMinute(limit), key: (request) => request.userId });

/** The requests of each signed-in user, counted by a limiter that counts other things of theirs too. */
export const limitUserRequestsBy = (count: KeyLimiter) => limitRequestsBy(count, (request) => request.userId);

/** Sends, over HTTP and from sockets alike: one budget a user. */
export const sendLimit = (limits: Pick<RateLimits, 'messagesPerMinutePerUser'>): KeyLimit =>
  perMinute({
    name: 'send-user',
    perMinute: limits.messagesPerMinutePerUser,
    message: TOO_FAST_ERRORS.messages,
  });

/** Marking messages read, of a conversation or a group: one budget a user. */
export const readLimit = (limits: Pick<RateLimits, 'messagesPerMinutePerUser'>): PerUserLimit => ({
  name: 'read',
  perMinute: limits.messagesPerMinutePerUser,
  message: TOO_FAST_ERRORS.reads,
});

/** A group's sends, from all its members together (each is held to their own budget too). */
export const groupSendLimit = (limits: Pick<RateLimits, 'messagesPerMinutePerGroup'>): KeyLimit =>
  perMinute({ name: 'send-group', perMinute: limits.messagesPerMinutePerGroup, message: GROUP_ERRORS.tooFast });

/** Files and pictures, uploaded or forwarded: each may be 16 MB, so they have a budget of their own besides counting as sends. */
export const filesLimit = (limits: Pick<RateLimits, 'filesPerMinutePerUser'>): KeyLimit =>
  perMinute({ name: 'file-user', perMinute: limits.filesPerMinutePerUser, message: TOO_FAST_ERRORS.files });
