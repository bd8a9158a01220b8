import { randomUUID } from 'node:crypto';
import type { Database, OutboxRelay, Queryable } from '@chat/database';
import { sessionExpiry, signSession, type RevokedSession, type SessionRevocations } from '@chat/sessions';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueSessionsRevoked, publishCommittedEvents } from './events.js';

/** Records a new session of the user and answers its token. */
export async function startSession(tx: Queryable, userId: string, jwtSecret: string): Promise<string> {
  const sessionId = randomUUID();
  const token = signSession(userId, sessionId, jwtSecret);
  // Taken after signing, so the record never expires before the token does.
  const expiresAt = new Date(sessionExpiry());
  await tx.query('INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, $3)', [sessionId, userId, expiresAt]);
  return token;
}

interface SessionRow {
  id: string;
  expiresAt: Date;
}

const toRevoked = (rows: SessionRow[]): RevokedSession[] => rows.map(({ id, expiresAt }) => ({ id, expiresAt: expiresAt.getTime() }));

/** Revokes one session of the user; answers it, or nothing when it was revoked already or is not theirs. */
export async function revokeSession(tx: Queryable, userId: string, sessionId: string): Promise<RevokedSession[]> {
  const rows = await tx.query<SessionRow>(
    `UPDATE sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
     RETURNING id::text, expires_at AS "expiresAt"`,
    [sessionId, userId],
  );
  return toRevoked(rows);
}

/** Revokes every session of the user still open, but the one named to keep. */
export async function revokeUserSessions(tx: Queryable, userId: string, keep: { except?: string } = {}): Promise<RevokedSession[]> {
  const rows = await tx.query<SessionRow>(
    `UPDATE sessions SET revoked_at = now()
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND id IS DISTINCT FROM $2::uuid
     RETURNING id::text, expires_at AS "expiresAt"`,
    [userId, keep.except ?? null],
  );
  return toRevoked(rows);
}

/** Every revoked session whose token has not expired yet: what the shared list must hold. */
export async function revokedSessions(db: Queryable): Promise<RevokedSession[]> {
  const rows = await db.query<SessionRow>(
    `SELECT id::text, expires_at AS "expiresAt" FROM sessions WHERE revoked_at IS NOT NULL AND expires_at > now()`,
  );
  return toRevoked(rows);
}

/** Sessions past their expiry are of no use to anyone: dropped, a batch at a time. */
export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at < now() LIMIT 10000)`);
}

/**
 * Ends sessions of a user: recorded (with the event that ends their sockets, and whatever else
 * `revoke` does) in one transaction, then put on the list every service checks. A failure answers
 * an error and keeps the cookie, so the user can try again; the record alone would be announced at
 * the next start.
 */
export function sessionEnder(deps: { db: Database; revocations: SessionRevocations; events: OutboxRelay }) {
  const { db, revocations, events } = deps;
  return async (log: FastifyBaseLogger, userId: string, revoke: (tx: Queryable) => Promise<RevokedSession[]>): Promise<void> => {
    const revoked = await db.transaction(async (tx) => {
      const sessions = await revoke(tx);
      await enqueueSessionsRevoked(tx, userId, sessions);
      return sessions;
    });
    await revocations.revoke(revoked);
    await publishCommittedEvents(events, log);
  };
}
