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

function endExpired(socket: ChatSocket): void {
  socket.disconnect(true);
}

/**
 * A socket whose session's token expires ends then: a token ends its sockets as it ends its
 * requests. The timers are kept here, not in `socket.data`, which the Redis adapter sends to other
 * replicas (a timer does not serialise).
 */
function socketExpiries() {
  const timers = new WeakMap<ChatSocket, NodeJS.Timeout>();
  function stopExpiry(this: ChatSocket): void {
    clearTimeout(timers.get(this));
    timers.delete(this);
  }
  return (socket: ChatSocket, expiresAt: number) => {
    // Timers past 2^31 - 1 ms fire at once; a 7-day token is far below that.
    timers.set(socket, setTimeout(endExpired, Math.max(0, expiresAt - Date.now()), socket).unref());
    socket.once('disconnect', stopExpiry);
  };
}

/**
 * The handshake must carry the session cookie, and its `userId` query must name the cookie's user:
 * a socket cannot listen in on anyone else's messages or presence.
 */
export function authenticateHandshakes(io: ChatServer, jwtSecret: string, revocations: Pick<SessionRevocations, 'isRevoked'>): void {
  const endAtExpiry = socketExpiries();
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
