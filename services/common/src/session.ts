import { createSecretKey, type KeyObject } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import jwt from 'jsonwebtoken';
import { unauthorized } from './http-errors.js';

export const SESSION_COOKIE = 'jwt';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface SessionOptions {
  jwtSecret: string;
  cookieSecure: boolean;
}

/**
 * Given a string, jsonwebtoken builds a key object on every call (and tries it as a public key
 * first): a fifth of a busy service's CPU. The key is built once per secret instead.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

export function signSession(userId: string, secret: string): string {
  return jwt.sign({}, keyOf(secret), { algorithm: ALGORITHM, subject: userId, expiresIn: SESSION_TTL_SECONDS });
}

/** The user id a token was issued to, or null for a token that is missing, forged or expired. */
export function verifySession(token: string | undefined, secret: string): string | null {
  if (!token) return null;
  try {
    // The algorithm is pinned: a token that names another one, `none` included, is refused.
    const claims = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    return typeof claims === 'object' && typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
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
