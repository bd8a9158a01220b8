import type { OnlineUsersChanged } from '@chat/contracts';
import type { Presence } from '@chat/presence';
import type { FastifyBaseLogger } from 'fastify';
import type { BlockedPeers } from './blocked-peers.js';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { rooms } from './rooms.js';
import { socketUserId } from './socket-auth.js';
import type { UserSocketHooks } from './user-sockets.js';

/** At most one delta push per this interval per replica, however many users come and go. */
export const PRESENCE_PUSH_INTERVAL_MS = 250;

/**
 * A user is registered online while this replica holds one of their sockets. A new socket gets the
 * full list once (`getOnlineUsers`); everyone gets only the changes since the last push
 * (`onlineUsersChanged`), so a login costs O(N) pushes instead of N full lists. A block hides
 * each of a pair from the other.
 */
export function trackPresence(io: ChatServer, presence: Presence, blockedPeers: BlockedPeers, log: FastifyBaseLogger) {
  const pending = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  let lastPushAt = 0;

  const push = () => {
    timer = undefined;
    lastPushAt = Date.now();
    const change: OnlineUsersChanged = { online: [], offline: [] };
    const blockedViewers = new Set<string>();
    for (const [userId, online] of pending) {
      (online ? change.online : change.offline).push(userId);
      for (const viewer of blockedPeers.hiddenFrom(userId) ?? []) blockedViewers.add(viewer);
    }
    pending.clear();
    if (blockedViewers.size === 0) {
      io.local.emit('onlineUsersChanged', change);
      return;
    }
    // One broadcast for everyone else; each user a block hides someone of this change from gets their own.
    io.local.except([...blockedViewers].map(rooms.user)).emit('onlineUsersChanged', change);
    for (const viewer of blockedViewers) {
      const visible = (userId: string) => !blockedPeers.hides(viewer, userId);
      const theirs = { online: change.online.filter(visible), offline: change.offline.filter(visible) };
      if (theirs.online.length + theirs.offline.length > 0) io.local.to(rooms.user(viewer)).emit('onlineUsersChanged', theirs);
    }
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
      if (socket.connected) socket.emit('getOnlineUsers', [...online].filter((peer) => !blockedPeers.hides(userId, peer)));
    },
    stop() {
      stopListening();
      clearTimeout(timer);
    },
  };
}
