import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import fp from 'fastify-plugin';
import { unauthorized } from '@chat/kernel';

export const SESSION_COOKIE = 'jwt';
const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface SessionOptions {
  jwtSecret: string;
  cookieSecure: boolean;
}

/** Verified tokens kept per process: a user's every request carries the same one. */
const VERIFIED_TOKENS_CACHED = 10_000;

interface SessionCodec {
  sign(payload: { sub: string }): string;
  verify(token: string): { sub?: unknown };
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

export function signSession(userId: string, secret: string): string {
  return codecOf(secret).sign({ sub: userId });
}

/** The user id a token was issued to, or null for a token that is missing, forged or expired. */
export function verifySession(token: string | undefined, secret: string): string | null {
  if (!token) return null;
  try {
    const { sub } = codecOf(secret).verify(token);
    return typeof sub === 'string' && sub ? sub : null;
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
export const sessions = fp<SessionOptions>(
  async (app: FastifyInstance, options) => {
    if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
    app.decorateRequest('userId', '');
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const userId = verifySession(request.cookies[SESSION_COOKIE], options.jwtSecret);
      if (!userId) throw unauthorized();
      request.userId = userId;
    });
  },
  { name: 'sessions' },
);
