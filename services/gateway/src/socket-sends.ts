import type { Bus } from '@chat/bus';
import { SOCKET_SEND_TIMEOUT_MS, subjects, type RelayedSend, type SocketSendAnswer, SERVER_ERRORS } from '@chat/contracts';
import { batchPerTurn } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { isAcknowledgement, type ChatSocket } from './chat-server.js';
import { socketUserId } from './socket-auth.js';

/** The messages service's answer is awaited for less than the client waits, so the client hears why. */
const RELAY_TIMEOUT_MS = SOCKET_SEND_TIMEOUT_MS - 2_000;

const unavailable: SocketSendAnswer = { error: { status: 503, message: SERVER_ERRORS.unavailable } };

/**
 * A socket's `sendMessage` goes to the messages service as a bus request, as its authenticated user
 * and from its socket (which then gets no echo: the answer carries the message), and the answer
 * comes back as the event's acknowledgement. The sends of one turn go as one request. A send
 * without an acknowledgement could not be told what became of it: it is not taken.
 */
export function relaySends(bus: Bus, log: FastifyBaseLogger) {
  const relay = batchPerTurn(
    async (sends: RelayedSend[]) =>
      JSON.parse(await bus.request(subjects.sendRelayed, JSON.stringify(sends), RELAY_TIMEOUT_MS)) as SocketSendAnswer[],
  );
  // One handler for every socket (Socket.IO calls it as the socket's): an idle socket holds no closure of its own.
  function onSendMessage(this: ChatSocket, send: unknown, answer: unknown) {
    if (!isAcknowledgement(answer)) return;
    const senderId = socketUserId(this);
    const relayed: RelayedSend = { senderId, originSocketId: this.id, send };
    relay(relayed).then(
      (reply) => answer(reply),
      (error: unknown) => {
        log.warn({ err: error, userId: senderId }, 'a socket send got no answer from the messages service');
        answer(unavailable);
      },
    );
  }
  return {
    connected(socket: ChatSocket) {
      socket.on('sendMessage', onSendMessage);
    },
  };
}
