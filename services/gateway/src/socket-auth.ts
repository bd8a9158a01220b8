import { SESSION_COOKIE, verifySession, type SessionRevocations } from '@chat/sessions';
import { HANDSHAKE_ERRORS } from '@chat/contracts';
import { parse } from 'cookie';
import type { ChatServer, ChatSocket } from './chat-server.js';

export const socketUserId = (socket: ChatSocket): string => socket.data.userId;

/**
 * The handshake must carry the session cookie, and its `userId` query must name the cookie's user:
 * a socket cannot listen in on anyone else's messages or presence.
 */
export function authenticateHandshakes(io: ChatServer, jwtSecret: string, revocations: Pick<SessionRevocations, 'isRevoked'>): void {
  io.use((socket, next) => {
    const cookies = parse(socket.handshake.headers.cookie ?? '');
    const session = verifySession(cookies[SESSION_COOKIE], jwtSecret, revocations);
    if (!session) return next(new Error(HANDSHAKE_ERRORS.notAuthenticated));
    const claimed = socket.handshake.query.userId;
    if (claimed !== undefined && claimed !== session.userId) return next(new Error(HANDSHAKE_ERRORS.userMismatch));
    socket.data.userId = session.userId;
    socket.data.sessionId = session.sessionId;
    next();
  });
}
