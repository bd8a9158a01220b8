import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import fp from 'fastify-plugin';
import { unauthorized } from '@chat/kernel';
import type { SessionRevocations } from './revocations.js';

export const SESSION_COOKIE = 'jwt';
const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface SessionGuardOptions extends SessionOptions {
  revocations: Pick<SessionRevocations, 'isRevoked'>;
}

export interface SessionOptions {
  jwtSecret: string;
  cookieSecure: boolean;
}

/** A signed-in session, as its token carries it. */
export interface Session {
  userId: string;
  /** The token's `jti`: what logging out revokes. */
  sessionId: string;
  /** When the token expires, in ms since the epoch. */
  expiresAt: number;
}

/** Verified tokens kept per process: a user's every request carries the same one. */
const VERIFIED_TOKENS_CACHED = 10_000;

interface SessionCodec {
  sign(payload: { sub: string; jti: string }): string;
  verify(token: string): { sub?: unknown; jti?: unknown; exp?: unknown };
}

/**
 * One signer and one verifier per secret, built once. The verifier remembers tokens it has
 * verified (until they expire), so a busy user's requests skip the signature and claims checks.
 */
const codecs = new Map<string, SessionCodec>();
function codecOf(secret: string): SessionCodec {
  let codec = codecs.get(secret);
  if (!codec) {
    codec = {
      sign: createSigner({ key: secret, algorithm: ALGORITHM, expiresIn: SESSION_TTL_SECONDS * 1000 }),
      // The algorithm is pinned: a token that names another one, `none` included, is refused.
      verify: createVerifier({ key: secret, algorithms: [ALGORITHM], cache: VERIFIED_TOKENS_CACHED }),
    };
    codecs.set(secret, codec);
  }
  return codec;
}

/** A token for a new session of the user, `sessionId` being the session's record. */
export function signSession(userId: string, sessionId: string, secret: string): string {
  return codecOf(secret).sign({ sub: userId, jti: sessionId });
}

/** When a session issued now expires, in ms since the epoch. */
export const sessionExpiry = (issuedAt = Date.now()) => issuedAt + SESSION_TTL_SECONDS * 1000;

/**
 * The session a token stands for, or null for a token that is missing, forged, expired, revoked or
 * without a session id. The signature check may come from the verifier's cache; the expiry and the
 * revocation are checked on every call.
 */
export function verifySession(
  token: string | undefined,
  secret: string,
  revocations: Pick<SessionRevocations, 'isRevoked'>,
): Session | null {
  if (!token) return null;
  try {
    const { sub, jti, exp } = codecOf(secret).verify(token);
    if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || !jti || typeof exp !== 'number') return null;
    const expiresAt = exp * 1000;
    if (expiresAt <= Date.now() || revocations.isRevoked(jti)) return null;
    return { userId: sub, sessionId: jti, expiresAt };
  } catch {
    return null;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, options: SessionOptions): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
    secure: options.cookieSecure,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionOptions): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: options.cookieSecure });
}

/** The session a request's cookie stands for, or null (for routes open to anyone, like logout). */
export function requestSession(request: FastifyRequest, options: Omit<SessionGuardOptions, 'cookieSecure'>): Session | null {
  return verifySession(request.cookies[SESSION_COOKIE], options.jwtSecret, options.revocations);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireUser`. */
    userId: string;
  }
  interface FastifyInstance {
    /** A preHandler that answers 401 unless the request carries a valid session cookie. */
    requireUser(request: FastifyRequest): Promise<void>;
  }
}

/** Cookie parsing and the `requireUser` guard, for the service that registers it. */
export const sessions = fp<SessionGuardOptions>(
  async (app: FastifyInstance, options) => {
    if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
    app.decorateRequest('userId', '');
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const session = requestSession(request, options);
      if (!session) throw unauthorized();
      request.userId = session.userId;
    });
  },
  { name: 'sessions' },
);
