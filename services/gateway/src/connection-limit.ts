import { HANDSHAKE_ERRORS } from '@chat/contracts';
import type { ChatServer } from './chat-server.js';
import { socketUserId } from './socket-auth.js';
import { releaseWhenGone } from './socket-lifetime.js';

/**
 * A user may hold at most `max` sockets on this replica (tabs, devices); a flood of connections
 * from one account is refused at the handshake instead of filling the replica's memory.
 * Runs after authentication, so the count is per verified user.
 */
export function limitConnectionsPerUser(io: ChatServer, max: number): void {
  const open = new Map<string, number>();
  io.use((socket, next) => {
    const userId = socketUserId(socket);
    const count = open.get(userId) ?? 0;
    if (count >= max) return next(new Error(HANDSHAKE_ERRORS.tooManyConnections));
    open.set(userId, count + 1);
    releaseWhenGone(socket, () => {
      const left = (open.get(userId) ?? 1) - 1;
      if (left > 0) open.set(userId, left);
      else open.delete(userId);
    });
    next();
  });
}
