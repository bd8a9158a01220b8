import { SESSION_COOKIE, verifySession } from '@chat/common';
import { parse } from 'cookie';
import type { Server, Socket } from 'socket.io';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const USER_MISMATCH = 'userId does not match the session';

declare module 'socket.io' {
  interface SocketData {
    userId: string;
  }
}

export const socketUserId = (socket: Socket): string => socket.data.userId;

/**
 * The handshake must carry the session cookie, and its `userId` query must name the cookie's user:
 * a socket cannot listen in on anyone else's messages or presence.
 */
export function authenticateHandshakes(io: Server, jwtSecret: string): void {
  io.use((socket, next) => {
    const cookies = parse(socket.handshake.headers.cookie ?? '');
    const userId = verifySession(cookies[SESSION_COOKIE], jwtSecret);
    if (!userId) return next(new Error(NOT_AUTHENTICATED));
    const claimed = socket.handshake.query.userId;
    if (claimed !== undefined && claimed !== userId) return next(new Error(USER_MISMATCH));
    socket.data.userId = userId;
    next();
  });
}
