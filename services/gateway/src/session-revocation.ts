import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import { SessionsRevokedSchema, subjects } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer } from './chat-server.js';
import { rooms } from './rooms.js';

const readSessionsRevoked = busPayloadReader(SessionsRevokedSchema);

/** The durable consumer every gateway replica shares: one of them handles each revocation. */
const CONSUMER = 'gateway-sessions';

/**
 * A revoked session's sockets end on every replica: the replica that takes the event asks the
 * Socket.IO adapter (Redis when distributed) for the user's sockets everywhere and disconnects
 * those of the revoked sessions. The client is told the server ended it (`io server disconnect`)
 * and does not reconnect. The user's room serves: a room per session cost every socket 180 bytes of heap.
 */
export function endRevokedSessions(io: ChatServer, bus: Bus, log: FastifyBaseLogger) {
  const consuming: Promise<Subscription> = bus.consumeEvents(subjects.sessionsRevoked, CONSUMER, async (payload) => {
    const event = readSessionsRevoked(payload);
    if (!event) {
      log.warn({ subject: subjects.sessionsRevoked }, 'ignored a malformed sessions.revoked event');
      return;
    }
    const revoked = new Set(event.sessionIds);
    // An event from before names no user: every socket is looked at.
    const sockets = await (event.userId ? io.in(rooms.user(event.userId)) : io).fetchSockets();
    for (const socket of sockets) if (revoked.has(socket.data.sessionId)) socket.disconnect(true);
  });

  return {
    ready: consuming,
    async stop() {
      (await consuming).unsubscribe();
    },
  };
}
