import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import {
  MessageAckSchema,
  subjects,
  UserEventSchema,
  type BlocksChanged,
  type CallEnded,
  type GroupChanged,
  type Message,
  type ServerToClientEvents,
  type SocketUserEvent,
} from '@chat/contracts';
import { Counter, withTimeout, type Registry } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { Compile } from 'typebox/compile';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { rooms } from './rooms.js';
import { socketUserId } from './socket-auth.js';
import type { UserSocketHooks } from './user-sockets.js';

/** How long a handshake waits for the bus to confirm a subscription (it may be reconnecting). */
const SUBSCRIBE_CONFIRM_MS = 2000;

/** How long a receiver's sockets have to acknowledge a message; a later acknowledgement counts for nothing. */
const RECEIVED_ACK_MS = 10_000;

const readUserEvent = busPayloadReader(UserEventSchema);
const isMessageAck = Compile(MessageAckSchema);

/**
 * This replica listens on `chat.msg.<userId>` only while it holds a socket of that user, and emits
 * to that user's sockets here alone (`io.local`): every replica holding one gets its own copy. A
 * receiver's socket acknowledging a message is its delivery receipt (and read receipt, when it says
 * so), passed to `received` with the socket that read it.
 */
export function deliverMessages(
  io: ChatServer,
  bus: Bus,
  log: FastifyBaseLogger,
  metrics: Registry,
  received: (message: Message, readBy?: string) => void,
  changes: {
    blocksChanged: (userId: string, change: BlocksChanged) => void;
    groupChanged: (userId: string, change: GroupChanged) => void;
    callEnded: (userId: string, ended: CallEnded) => void;
  },
) {
  const subscriptions = new Map<string, Subscription>();
  const delivered = new Counter({
    name: 'chat_messages_delivered_total',
    help: 'Messages this replica handed to a user’s sockets (once per user, however many tabs)',
    registers: [metrics],
  });

  const deliverMessage = (userId: string, message: Message, originSocketId: string | undefined) => {
    const room = rooms.user(userId);
    // A sender's copy with no other tab of theirs here: nothing to encode or send.
    const members = io.of('/').adapter.rooms.get(room);
    if (originSocketId && members?.size === 1 && members.has(originSocketId)) return;
    if (message.receiverId === userId) {
      // Socket by socket: a broadcast with acknowledgements would wait for every replica of the
      // cluster to answer (even with io.local) and ask Redis how many there are, on every message.
      let acknowledged = false;
      for (const socketId of members ?? []) {
        io.of('/')
          .sockets.get(socketId)
          ?.timeout(RECEIVED_ACK_MS)
          .emit('newMessage', message, (late: Error | null, ack?: unknown) => {
            if (late) return;
            const read = isMessageAck.Check(ack) && ack.read === true;
            // Each read counts (another tab may have it open); a delivery only once.
            if (acknowledged && !read) return;
            acknowledged = true;
            received(message, read ? socketId : undefined);
          });
      }
    } else {
      // The sender's own copy asks for no acknowledgement (the contract types one for every copy).
      const withoutAck = [message] as unknown as Parameters<ServerToClientEvents['newMessage']>;
      const sockets = io.local.to(room);
      (originSocketId ? sockets.except(originSocketId) : sockets).emit('newMessage', ...withoutAck);
    }
    delivered.inc();
  };

  const deliver = (userId: string, payload: string) => {
    const event = readUserEvent(payload);
    if (!event) {
      log.error({ userId }, 'dropped a malformed user event');
      return;
    }
    if (event.event === 'newMessage') deliverMessage(userId, event.payload, event.originSocketId);
    else if (event.event === 'blocksChanged') changes.blocksChanged(userId, event.payload);
    else {
      // The user's sockets start (or stop) hearing the group, or the call, before their app hears of it.
      if (event.event === 'groupChanged') changes.groupChanged(userId, event.payload);
      if (event.event === 'callEnded') changes.callEnded(userId, event.payload);
      emitAsIs(userId, event);
    }
  };

  /** Any other event goes to the user's sockets here as it came, but to the one that caused it. */
  const emitAsIs = (userId: string, { event, payload, originSocketId }: SocketUserEvent) => {
    const sockets = io.local.to(rooms.user(userId));
    const to = originSocketId ? sockets.except(originSocketId) : sockets;
    // The schema pairs each event with its own payload; TypeScript cannot follow the pairs of a union.
    (to as unknown as { emit(name: string, payload: unknown): boolean }).emit(event, payload);
  };

  const hooks: UserSocketHooks = {
    /**
     * The first socket is accepted once the bus has its user's subscription (it answers a ping once
     * it has taken everything sent before): a message published after the client sees `connect`
     * reaches it live, and the client's re-fetch on connect finds the rest. If the bus is
     * reconnecting, sockets are accepted anyway: what they miss is in the history.
     */
    async first(userId) {
      subscriptions.set(
        userId,
        bus.subscribe(subjects.userEvents(userId), (payload) => deliver(userId, payload)),
      );
      await withTimeout(bus.ping(), SUBSCRIBE_CONFIRM_MS, 'the bus did not confirm it in time').catch((error: unknown) =>
        log.warn({ err: error, userId }, 'could not confirm a message subscription'),
      );
    },
    last(userId) {
      subscriptions.get(userId)?.unsubscribe();
      subscriptions.delete(userId);
    },
  };

  return {
    hooks,
    connected(socket: ChatSocket) {
      void socket.join(rooms.user(socketUserId(socket)));
    },
    stop() {
      for (const subscription of subscriptions.values()) subscription.unsubscribe();
      subscriptions.clear();
    },
  };
}
