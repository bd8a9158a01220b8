import { SESSION_COOKIE, verifySession, type SessionRevocations } from '@chat/sessions';
import { HANDSHAKE_ERRORS } from '@chat/contracts';
import type { IncomingMessage } from 'node:http';
import { parse } from 'cookie';
import type { ChatServer, ChatSocket } from './chat-server.js';

export const socketUserId = (socket: ChatSocket): string => socket.data.userId;

/**
 * Whether a page of this origin may open a socket: one of `allowed`, or (with none listed) the
 * origin the request was addressed to. Only SameSite=Strict would otherwise stand between another
 * site's page and a signed-in user's socket. A request that names no origin comes from no page
 * of another site (browsers name theirs on every cross-origin request and WebSocket).
 */
export function fromAllowedOrigin(request: IncomingMessage, allowed: readonly string[]): boolean {
  const { origin, host } = request.headers;
  if (origin === undefined) return true;
  if (allowed.length > 0) return allowed.includes(origin);
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A socket whose session's token expires ends then: a token ends its sockets as it ends its requests. */
function endAtExpiry(socket: ChatSocket, expiresAt: number): void {
  // Timers past 2^31 - 1 ms fire at once; a 7-day token is far below that.
  const timer = setTimeout(endExpired, Math.max(0, expiresAt - Date.now()), socket);
  timer.unref();
  socket.data.expiry = timer;
  socket.once('disconnect', stopExpiry);
}

function endExpired(socket: ChatSocket): void {
  socket.disconnect(true);
}

function stopExpiry(this: ChatSocket): void {
  clearTimeout(this.data.expiry);
}

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
    endAtExpiry(socket, session.expiresAt);
    next();
  });
}
