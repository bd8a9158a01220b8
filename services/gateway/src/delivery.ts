import { subjects, type Bus, type MessageDelivery, type Subscription } from '@chat/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { rooms } from './rooms.js';
import { socketUserId } from './socket-auth.js';

/**
 * This replica listens on `chat.msg.<userId>` only while it holds a socket of that user, and emits
 * to that user's sockets here alone (`io.local`): every replica holding one gets its own copy.
 */
export function deliverMessages(io: Server, bus: Bus, log: FastifyBaseLogger) {
  const listeners = new Map<string, { sockets: number; subscription: Subscription }>();

  const listen = (userId: string): Subscription =>
    bus.subscribe(subjects.userMessages(userId), (payload) => {
      let delivery: MessageDelivery;
      try {
        delivery = JSON.parse(payload) as MessageDelivery;
      } catch (error) {
        log.error({ err: error, userId }, 'dropped an unreadable message delivery');
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

  return {
    connected(socket: Socket) {
      const userId = socketUserId(socket);
      void socket.join(rooms.user(userId));
      const listener = listeners.get(userId);
      if (listener) listener.sockets += 1;
      else listeners.set(userId, { sockets: 1, subscription: listen(userId) });
      socket.once('disconnect', () => {
        const current = listeners.get(userId);
        if (!current) return;
        current.sockets -= 1;
        if (current.sockets === 0) {
          current.subscription.unsubscribe();
          listeners.delete(userId);
        }
      });
    },
    stop() {
      for (const { subscription } of listeners.values()) subscription.unsubscribe();
      listeners.clear();
    },
  };
}
