import type { Bus } from '@chat/bus';
import { SOCKET_SEND_TIMEOUT_MS, subjects, type RelayedSend, type SocketSendAnswer } from '@chat/contracts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatSocket } from './chat-server.js';
import { socketUserId } from './socket-auth.js';

/** The messages service's answer is awaited for less than the client waits, so the client hears why. */
const RELAY_TIMEOUT_MS = SOCKET_SEND_TIMEOUT_MS - 2_000;

const unavailable: SocketSendAnswer = { error: { status: 503, message: SERVICE_UNAVAILABLE_MESSAGE } };

/**
 * A socket's `sendMessage` goes to the messages service as a bus request, as its authenticated user
 * and from its socket (which then gets no echo: the answer carries the message), and the answer
 * comes back as the event's acknowledgement. A send without an acknowledgement could not be told
 * what became of it: it is not taken.
 */
export function relaySends(bus: Bus, log: FastifyBaseLogger) {
  return {
    connected(socket: ChatSocket) {
      const senderId = socketUserId(socket);
      socket.on('sendMessage', (send: unknown, answer: unknown) => {
        if (typeof answer !== 'function') return;
        const relayed: RelayedSend = { senderId, originSocketId: socket.id, send };
        bus.request(subjects.sendRelayed, JSON.stringify(relayed), RELAY_TIMEOUT_MS).then(
          (reply) => answer(JSON.parse(reply) as SocketSendAnswer),
          (error: unknown) => {
            log.warn({ err: error, userId: senderId }, 'a socket send got no answer from the messages service');
            answer(unavailable);
          },
        );
      });
    },
  };
}
