import { randomUUID } from 'node:crypto';
import type { CallTimings } from '@chat/kernel';
import { type Call, type CallEndReason, type CallLog, type CallsAlive } from '@chat/contracts';
import type { Database, Queryable } from '@chat/database';
import { MESSAGE_COLUMNS, moveConversationEnds, toMessage, type ChatMessage, type MessageRow } from '../conversations/messages.js';

/** A call under way as its row holds it: which socket is each side's, and when each was last heard. */
export interface CallRow {
  id: string;
  callerId: string;
  calleeId: string;
  video: boolean;
  startedAt: Date;
  answeredAt: Date | null;
  callerSocket: string;
  calleeSocket: string | null;
}

const CALL_COLUMNS = `id::text AS id, caller_id::text AS "callerId", callee_id::text AS "calleeId", video, started_at AS "startedAt",
  answered_at AS "answeredAt", caller_socket AS "callerSocket", callee_socket AS "calleeSocket"`;

export const toCall = (row: CallRow): Call => ({
  id: row.id,
  callerId: row.callerId,
  calleeId: row.calleeId,
  video: row.video,
  state: row.answeredAt ? 'active' : 'ringing',
  startedAt: row.startedAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

/** A call that ended: its row as it was, why, and the line it left in the conversation. */
export interface EndedCall {
  call: CallRow;
  reason: CallEndReason;
  /** Who ended it, when someone did (not a timeout). */
  by?: string;
  line: ChatMessage;
}

/** Thrown inside startCall's transaction to undo it: one of the two people is in a call already. */
class InCall extends Error {
  constructor(readonly who: 'caller' | 'callee') {
    super(`the ${who} is in a call`);
  }
}

/** Whether `calleeId` takes calls from `callerId` ("Settings → Calls"): from everyone, or from the people they have a conversation with. */
export async function takesCallsFrom(db: Queryable, calleeId: string, callerId: string): Promise<boolean> {
  const [row] = await db.query<{ takes: boolean }>(
    `SELECT c.calls_from = 'everyone'
       OR (c.calls_from = 'contacts' AND EXISTS (SELECT 1 FROM conversations WHERE user_id = $1 AND peer_id = $2)) AS takes
     FROM contacts c WHERE c.user_id = $1`,
    [calleeId, callerId],
  );
  return row?.takes === true;
}

/**
 * Starts a call, ringing: its row, and both people in `call_parties` (a person is in one call at a
 * time: a second conflicts on their key there). Answers 'caller-busy' or 'callee-busy' instead when
 * either is in a call already, with nothing written.
 */
export async function startCall(
  db: Database,
  start: { callerId: string; calleeId: string; video: boolean; socketId: string },
): Promise<CallRow | 'caller-busy' | 'callee-busy'> {
  const id = randomUUID();
  // Both parties are written in id order: two calls between the same people, started at once, lock
  // the same keys in the same order and cannot deadlock.
  const [first, second] = [start.callerId, start.calleeId].sort();
  try {
    return await db.transaction(async (tx) => {
      const [call] = await tx.query<CallRow>(
        `INSERT INTO calls (id, caller_id, callee_id, video, caller_socket) VALUES ($1, $2, $3, $4, $5) RETURNING ${CALL_COLUMNS}`,
        [id, start.callerId, start.calleeId, start.video, start.socketId],
      );
      const parties = await tx.query<{ userId: string }>(
        `INSERT INTO call_parties (user_id, call_id) VALUES ($1, $3), ($2, $3) ON CONFLICT DO NOTHING RETURNING user_id::text AS "userId"`,
        [first, second, id],
      );
      if (parties.length === 2) return call!;
      throw new InCall(parties.some((party) => party.userId === start.callerId) ? 'callee' : 'caller');
    });
  } catch (error) {
    if (error instanceof InCall) return `${error.who}-busy`;
    throw error;
  }
}

/**
 * The callee answers on `socketId`: the call becomes active with that socket as their side. Answers
 * null when it is not ringing for this user (over, never theirs, or answered on another device).
 */
export async function acceptCall(db: Queryable, { callId, userId, socketId }: { callId: string; userId: string; socketId: string }) {
  const [call] = await db.query<CallRow>(
    `UPDATE calls SET answered_at = now(), callee_socket = $3, callee_alive_at = now()
     WHERE id = $1 AND callee_id = $2 AND answered_at IS NULL RETURNING ${CALL_COLUMNS}`,
    [callId, userId, socketId],
  );
  return call ?? null;
}

/** The call ringing for `userId` now, if one is (its key in `call_parties` finds it). */
export async function ringingFor(db: Queryable, userId: string) {
  const [call] = await db.query<CallRow>(
    // call_parties names no column calls does: the columns need no table's name.
    `SELECT ${CALL_COLUMNS}
     FROM call_parties p JOIN calls c ON c.id = p.call_id WHERE p.user_id = $1 AND c.callee_id = $1 AND c.answered_at IS NULL`,
    [userId],
  );
  return call ?? null;
}

/**
 * A side's socket came back during the call (a short drop, a network change): `socketId` is its
 * side from now on. The caller may take up a call still ringing; the callee only one they answered.
 */
export async function rejoinCall(db: Queryable, { callId, userId, socketId }: { callId: string; userId: string; socketId: string }) {
  const [call] = await db.query<CallRow>(
    `UPDATE calls SET
       caller_socket = CASE WHEN caller_id = $2 THEN $3 ELSE caller_socket END,
       caller_alive_at = CASE WHEN caller_id = $2 THEN now() ELSE caller_alive_at END,
       callee_socket = CASE WHEN callee_id = $2 THEN $3 ELSE callee_socket END,
       callee_alive_at = CASE WHEN callee_id = $2 THEN now() ELSE callee_alive_at END
     WHERE id = $1 AND (caller_id = $2 OR (callee_id = $2 AND answered_at IS NOT NULL)) RETURNING ${CALL_COLUMNS}`,
    [callId, userId, socketId],
  );
  return call ?? null;
}

/** Marks each reported socket's side alive now, if that socket is still its side. */
export async function stampAlive(db: Queryable, { sockets }: CallsAlive): Promise<void> {
  if (sockets.length === 0) return;
  await db.query(
    `WITH alive AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS t(call_id, user_id, socket_id))
     UPDATE calls c SET
       caller_alive_at = CASE WHEN EXISTS (SELECT 1 FROM alive a WHERE a.call_id = c.id AND a.user_id = c.caller_id AND a.socket_id = c.caller_socket)
         THEN now() ELSE c.caller_alive_at END,
       callee_alive_at = CASE WHEN EXISTS (SELECT 1 FROM alive a WHERE a.call_id = c.id AND a.user_id = c.callee_id AND a.socket_id = c.callee_socket)
         THEN now() ELSE c.callee_alive_at END
     WHERE c.id IN (SELECT call_id FROM alive)`,
    [sockets.map((s) => s.callId), sockets.map((s) => s.userId), sockets.map((s) => s.socketId)],
  );
}

/** Why a call ends when `userId` hangs up: a call under way is hung up; while ringing, the caller cancels and the callee declines. */
const hangUpReason = (call: CallRow, userId: string): CallEndReason =>
  call.answeredAt ? 'hungUp' : userId === call.callerId ? 'cancelled' : 'declined';

/** The line a call leaves: answered with its length, declined, or else missed. */
function logOf(call: CallRow, reason: CallEndReason, endedAt: Date): CallLog {
  if (call.answeredAt)
    return { video: call.video, outcome: 'answered', seconds: Math.max(0, Math.floor((+endedAt - +call.answeredAt) / 1000)) };
  return { video: call.video, outcome: reason === 'declined' ? 'declined' : 'missed' };
}

/**
 * Ends the calls `where` picks (their rows go, and with them their parties) and writes each one's
 * line in its conversation, in one transaction: a call ends once, whoever else tries to end it.
 */
async function endWhere(
  db: Database,
  where: string,
  params: unknown[],
  reasonOf: (call: CallRow) => CallEndReason,
  by?: string,
): Promise<EndedCall[]> {
  return db.transaction(async (tx) => {
    const calls = await tx.query<CallRow & { endedAt: Date }>(
      `DELETE FROM calls WHERE ${where} RETURNING ${CALL_COLUMNS}, now() AS "endedAt"`,
      params,
    );
    if (calls.length === 0) return [];
    const ended = calls.map(({ endedAt, ...call }) => {
      const reason = reasonOf(call);
      return { call, reason, log: logOf(call, reason, endedAt) };
    });
    const lines = await writeCallLines(
      tx,
      ended.map(({ call, log }) => ({ callerId: call.callerId, calleeId: call.calleeId, log })),
    );
    return ended.map(({ call, reason }, index) => ({ call, reason, line: lines[index]!, ...(by ? { by } : {}) }));
  });
}

/** `userId` hangs up, declines or cancels: answers the call as it ended, or null when it was not theirs to end (or is over). */
export async function hangUp(db: Database, { callId, userId }: { callId: string; userId: string }): Promise<EndedCall | null> {
  const [ended] = await endWhere(
    db,
    'id = $1 AND $2 IN (caller_id, callee_id)',
    [callId, userId],
    (call) => hangUpReason(call, userId),
    userId,
  );
  return ended ?? null;
}

/** The callee declines a call still ringing. */
export async function decline(db: Database, { callId, userId }: { callId: string; userId: string }): Promise<EndedCall | null> {
  const [ended] = await endWhere(db, 'id = $1 AND callee_id = $2 AND answered_at IS NULL', [callId, userId], () => 'declined', userId);
  return ended ?? null;
}

/** A call that rang for a callee who was busy: its line for both, as missed. */
export async function logBusy(db: Database, call: { callerId: string; calleeId: string; video: boolean }): Promise<ChatMessage> {
  const [line] = await db.transaction((tx) => writeCallLines(tx, [{ ...call, log: { video: call.video, outcome: 'missed' } }]));
  return line!;
}

/**
 * Ends the calls past their time: rung `ringMs` unanswered, or a side unheard for `graceMs` (its
 * socket gone and not back, its gateway down). Every messages replica sweeps; a call another is
 * ending is skipped, so each ends once.
 */
export function endOverdue(db: Database, { ringMs, graceMs }: CallTimings): Promise<EndedCall[]> {
  return endWhere(
    db,
    `id IN (SELECT id FROM calls
      WHERE (answered_at IS NULL AND started_at < now() - $1 * interval '1 millisecond')
        OR caller_alive_at < now() - $2 * interval '1 millisecond'
        OR callee_alive_at < now() - $2 * interval '1 millisecond'
      FOR UPDATE SKIP LOCKED)`,
    [ringMs, graceMs],
    (call) => (!call.answeredAt && +call.startedAt <= Date.now() - ringMs ? 'noAnswer' : 'lost'),
  );
}

/** Writes each call's line, from its caller to its callee, and moves both people's conversations to it. */
async function writeCallLines(tx: Queryable, calls: { callerId: string; calleeId: string; log: CallLog }[]): Promise<ChatMessage[]> {
  const rows = await tx.query<MessageRow>(
    `WITH lines AS (
       INSERT INTO messages (sender_id, receiver_id, call)
       SELECT t.sender_id, t.receiver_id, t.call FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[]) WITH ORDINALITY AS t(sender_id, receiver_id, call, ord)
       ORDER BY t.ord
       RETURNING *
     ), ends AS (${moveConversationEnds('lines')})
     SELECT ${MESSAGE_COLUMNS} FROM lines ORDER BY id`,
    [calls.map((call) => call.callerId), calls.map((call) => call.calleeId), calls.map((call) => JSON.stringify(call.log))],
  );
  return rows.map(toMessage);
}
