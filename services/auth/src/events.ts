import { outbox, type OutboxRelay, type Queryable } from '@chat/database';
import { subjects, type SessionsRevoked, type UserDeleted, type UserUpserted } from '@chat/contracts';
import type { RevokedSession } from '@chat/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRecord } from './users.js';

/** Auth's events wait here between a user's change and the bus. */
export const authOutbox = outbox('auth_outbox');

/** Tells the other services a user's public card changed, so they keep their own copy. */
export async function enqueueUserUpserted(tx: Queryable, user: UserRecord): Promise<void> {
  const event: UserUpserted = {
    _id: user.id,
    fullName: user.fullName,
    profilePic: user.profilePic,
    settings: user.settings,
    about: user.about,
  };
  await authOutbox.enqueue(tx, subjects.usersUpserted, event);
}

/** Tells the other services the user deleted their account: messages keeps their conversations as from "Deleted user". */
export async function enqueueUserDeleted(tx: Queryable, userId: string): Promise<void> {
  const event: UserDeleted = { _id: userId };
  await authOutbox.enqueue(tx, subjects.usersDeleted, event);
}

/** Tells the gateway to end the sockets of sessions of the user just revoked. */
export async function enqueueSessionsRevoked(tx: Queryable, userId: string, sessions: readonly RevokedSession[]): Promise<void> {
  if (sessions.length === 0) return;
  const event: SessionsRevoked = { userId, sessionIds: sessions.map((session) => session.id) };
  await authOutbox.enqueue(tx, subjects.sessionsRevoked, event);
}

/**
 * Publishes what the request just committed before it is answered, so other users see the change
 * live. A bus that is down fails nothing: the relay publishes the event later.
 */
export async function publishCommittedEvents(events: OutboxRelay, log: FastifyBaseLogger): Promise<void> {
  await events.flush().catch((error: unknown) => log.warn({ err: error }, 'events wait in the outbox: the bus refused them'));
}
