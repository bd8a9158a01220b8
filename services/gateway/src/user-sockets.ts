import { HANDSHAKE_ERRORS } from '@chat/contracts';
import { withTimeout } from '@chat/kernel';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { socketUserId } from './socket-auth.js';

/** What a concern does when a user arrives on this replica and when they have left it. */
export interface UserSocketHooks {
  /**
   * The user's first socket here is in its handshake, which waits for this: a subscription or a
   * registration made here is in place before the client sees `connect`, unless a server it needs
   * is slow or away (FIRST_HOOKS_DEADLINE_MS). Reports its own errors.
   */
  first(userId: string): Promise<void> | void;
  /** The user's last socket here is gone; runs after `first` has settled. */
  last(userId: string): void;
}

/**
 * How long a first socket's handshake waits for the `first` hooks: with Redis or NATS away they
 * would hold it until the server is back (presence's writes wait for a reconnection), and nobody
 * could open the app meanwhile. Past it the socket is let in and the hooks finish behind it.
 */
export const FIRST_HOOKS_DEADLINE_MS = 3000;

interface LocalUser {
  /** Sockets of the user here, counted from their handshake on. */
  sockets: number;
  /** Settles once every `first` hook has. */
  arrived: Promise<void>;
  /** Settles once every `first` hook has, or at the deadline: the handshakes wait for this. */
  admitted: Promise<void>;
}

/**
 * The one count of each user's sockets on this replica. It caps them (tabs, devices: a flood of
 * connections from one account is refused at the handshake instead of filling the replica's
 * memory), and runs the hooks when a user's first socket arrives and when their last one leaves.
 * The last handshake middleware, after authentication, so counts are per verified user.
 */
export function trackUserSockets(io: ChatServer, options: { max: number; hooks: UserSocketHooks[] }): void {
  const users = new Map<string, LocalUser>();
  const { max, hooks } = options;

  const leave = (userId: string) => {
    // While a socket is counted its user's entry stays, so this is the entry that counted it.
    const user = users.get(userId);
    if (!user) return;
    user.sockets -= 1;
    if (user.sockets > 0) return;
    // `last` follows `first`, which a socket let in at the deadline may have left before; a socket
    // of the user that arrives meanwhile keeps the entry.
    void user.arrived.then(() => {
      if (user.sockets > 0 || users.get(userId) !== user) return;
      users.delete(userId);
      for (const hook of hooks) hook.last(userId);
    });
  };
  // One handler for every socket (Socket.IO calls it as the socket's): an idle socket holds no closure of its own.
  function onDisconnect(this: ChatSocket) {
    leave(socketUserId(this));
  }

  io.use((socket, next) => {
    const userId = socketUserId(socket);
    let user = users.get(userId);
    if (user && user.sockets >= max) return next(new Error(HANDSHAKE_ERRORS.tooManyConnections));
    if (!user) {
      const arrived = Promise.allSettled(hooks.map(async (hook) => hook.first(userId))).then(() => undefined);
      // Past the deadline the socket goes in; the hooks report their own failures.
      const admitted = withTimeout(arrived, FIRST_HOOKS_DEADLINE_MS, 'the first hooks are late').catch(() => undefined);
      user = { sockets: 0, arrived, admitted };
      users.set(userId, user);
    }
    user.sockets += 1;
    void user.admitted.then(() => {
      leaveWhenGone(socket, onDisconnect, () => leave(userId));
      next();
    });
  });
}

/**
 * The socket's user leaves once: when the socket disconnects, or as soon as it is clear it never
 * connected (the client left during the handshake, when Socket.IO emits no `disconnect`). Called
 * just before the last middleware's `next()`: Socket.IO connects the socket on the tick after it.
 */
function leaveWhenGone(socket: ChatSocket, onDisconnect: (this: ChatSocket) => void, leaveNow: () => void): void {
  socket.on('disconnect', onDisconnect);
  setImmediate(() => {
    if (socket.connected) return;
    socket.off('disconnect', onDisconnect);
    leaveNow();
  });
}
