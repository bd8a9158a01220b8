import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import { withTimeout } from '@chat/kernel';
import { MessageDeliverySchema, subjects } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { rooms } from './rooms.js';
import { socketUserId } from './socket-auth.js';
import { releaseWhenGone } from './socket-lifetime.js';

/** How long a handshake waits for the bus to confirm a subscription (it may be reconnecting). */
const SUBSCRIBE_CONFIRM_MS = 2000;

interface Listener {
  /** This user's sockets here, counted from their handshake on. */
  sockets: number;
  subscription: Subscription;
  /** Resolves once the bus has taken the subscription, or has not answered in time. */
  subscribed: Promise<unknown>;
}

/**
 * This replica listens on `chat.msg.<userId>` only while it holds a socket of that user, and emits
 * to that user's sockets here alone (`io.local`): every replica holding one gets its own copy.
 */
const readDelivery = busPayloadReader(MessageDeliverySchema);

export function deliverMessages(io: ChatServer, bus: Bus, log: FastifyBaseLogger) {
  const listeners = new Map<string, Listener>();

  const listen = (userId: string): Subscription =>
    bus.subscribe(subjects.userMessages(userId), (payload) => {
      const delivery = readDelivery(payload);
      if (!delivery) {
        log.error({ userId }, 'dropped a malformed message delivery');
        return;
      }
      const room = rooms.user(userId);
      const { originSocketId } = delivery;
      // A sender's copy with no other tab of theirs here: nothing to encode or send.
      const members = io.of('/').adapter.rooms.get(room);
      if (originSocketId && members?.size === 1 && members.has(originSocketId)) return;
      const sockets = io.local.to(room);
      (originSocketId ? sockets.except(originSocketId) : sockets).emit('newMessage', delivery.message);
    });

  /** The user's listener, made (and its subscription sent to the bus) if this replica has none. */
  const listenerOf = (userId: string): Listener => {
    let listener = listeners.get(userId);
    if (!listener) {
      const subscription = listen(userId);
      // Answered once the bus has taken everything sent before it, the subscription included. If
      // the bus is reconnecting, sockets are accepted anyway: what they miss is in the history.
      const subscribed = withTimeout(bus.ping(), SUBSCRIBE_CONFIRM_MS, 'the bus did not confirm it in time').catch(
        (error: unknown) => log.warn({ err: error, userId }, 'could not confirm a message subscription'),
      );
      listener = { sockets: 0, subscription, subscribed };
      listeners.set(userId, listener);
    }
    return listener;
  };

  const release = (userId: string) => {
    const listener = listeners.get(userId);
    if (!listener) return;
    listener.sockets -= 1;
    if (listener.sockets > 0) return;
    listener.subscription.unsubscribe();
    listeners.delete(userId);
  };

  /**
   * A socket is accepted only once the bus has its user's subscription: a message published after
   * the client sees `connect` reaches it live, and the client's re-fetch on connect finds the rest.
   */
  io.use((socket, next) => {
    const userId = socketUserId(socket);
    const listener = listenerOf(userId);
    listener.sockets += 1;
    void listener.subscribed.then(() => {
      releaseWhenGone(socket, () => release(userId));
      next();
    });
  });

  return {
    connected(socket: ChatSocket) {
      void socket.join(rooms.user(socketUserId(socket)));
    },
    stop() {
      for (const { subscription } of listeners.values()) subscription.unsubscribe();
      listeners.clear();
    },
  };
}
