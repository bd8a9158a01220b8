import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import { SessionsRevokedSchema, subjects } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { rooms } from './rooms.js';

const readSessionsRevoked = busPayloadReader(SessionsRevokedSchema);

/** The durable consumer every gateway replica shares: one of them handles each revocation. */
const CONSUMER = 'gateway-sessions';

/**
 * A revoked session's sockets end on every replica: the replica that takes the event asks the
 * Socket.IO adapter (Redis when distributed) to disconnect the session's room everywhere. The
 * client is told the server ended it (`io server disconnect`) and does not reconnect.
 */
export function endRevokedSessions(io: ChatServer, bus: Bus, log: FastifyBaseLogger) {
  const consuming: Promise<Subscription> = bus.consumeEvents(subjects.sessionsRevoked, CONSUMER, async (payload) => {
    const event = readSessionsRevoked(payload);
    if (!event) {
      log.warn({ subject: subjects.sessionsRevoked }, 'ignored a malformed sessions.revoked event');
      return;
    }
    io.in(event.sessionIds.map(rooms.session)).disconnectSockets(true);
  });

  return {
    ready: consuming,
    connected(socket: ChatSocket) {
      void socket.join(rooms.session(socket.data.sessionId));
    },
    async stop() {
      (await consuming).unsubscribe();
    },
  };
}
