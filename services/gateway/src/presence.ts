import type { OnlineUsersChanged } from '@chat/contracts';
import type { Presence } from '@chat/presence';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { socketUserId } from './socket-auth.js';
import type { UserSocketHooks } from './user-sockets.js';

/** At most one delta push per this interval per replica, however many users come and go. */
export const PRESENCE_PUSH_INTERVAL_MS = 250;

/**
 * A user is registered online while this replica holds one of their sockets. A new socket gets the
 * full list once (`getOnlineUsers`); everyone gets only the changes since the last push
 * (`onlineUsersChanged`), so a login costs O(N) pushes instead of N full lists.
 */
export function trackPresence(io: ChatServer, presence: Presence, log: FastifyBaseLogger) {
  const pending = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  let lastPushAt = 0;

  const push = () => {
    timer = undefined;
    lastPushAt = Date.now();
    const change: OnlineUsersChanged = { online: [], offline: [] };
    for (const [userId, online] of pending) (online ? change.online : change.offline).push(userId);
    pending.clear();
    io.local.emit('onlineUsersChanged', change);
  };

  const stopListening = presence.onChange(({ userId, online }) => {
    pending.set(userId, online);
    if (timer) return;
    const wait = Math.max(0, lastPushAt + PRESENCE_PUSH_INTERVAL_MS - Date.now());
    timer = setTimeout(push, wait);
  });

  const hooks: UserSocketHooks = {
    async first(userId) {
      await presence.connect(userId).catch((error: unknown) => log.error({ err: error, userId }, 'could not record a connection'));
    },
    last(userId) {
      presence.disconnect(userId).catch((error: unknown) => log.error({ err: error, userId }, 'could not record a disconnect'));
    },
  };

  return {
    hooks,
    async connected(socket: ChatSocket) {
      const userId = socketUserId(socket);
      // The user is online by now, even if a shared presence's mirror has not heard it yet.
      const online = new Set(await presence.onlineUsers()).add(userId);
      if (socket.connected) socket.emit('getOnlineUsers', [...online]);
    },
    stop() {
      stopListening();
      clearTimeout(timer);
    },
  };
}
