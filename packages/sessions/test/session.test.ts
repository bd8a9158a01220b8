import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessRevocations } from '../src/revocations.js';
import { signSession, verifySession } from '../src/session.js';

const secret = 's'.repeat(40);
const none = { isRevoked: () => false };
const SESSION = '0b6f2a64-3c1e-4f7e-9d51-6a1f7c2e9b10';

describe('session tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies a token it signed and returns its user and session', () => {
    const session = verifySession(signSession('user-1', SESSION, secret), secret, none);
    expect(session).toMatchObject({ userId: 'user-1', sessionId: SESSION });
    expect(session!.expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('refuses a token signed with another secret', () => {
    expect(verifySession(signSession('user-1', SESSION, 'o'.repeat(40)), secret, none)).toBeNull();
  });

  it('refuses a tampered token', () => {
    const [header, , signature] = signSession('user-1', SESSION, secret).split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ sub: 'admin', jti: SESSION, exp: 9999999999 })).toString('base64url');
    expect(verifySession(`${header}.${forgedClaims}.${signature}`, secret, none)).toBeNull();
  });

  it('refuses an expired token', () => {
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10, jti: SESSION }, secret, { algorithm: 'HS256', subject: 'user-1' });
    expect(verifySession(expired, secret, none)).toBeNull();
  });

  it('refuses a token once it expires, though it was accepted (and cached) before', () => {
    vi.useFakeTimers({ now: Date.now() });
    const shortLived = jwt.sign({ exp: Math.floor(Date.now() / 1000) + 2, jti: SESSION }, secret, {
      algorithm: 'HS256',
      subject: 'user-1',
    });
    expect(verifySession(shortLived, secret, none)?.userId).toBe('user-1');
    vi.advanceTimersByTime(5_000);
    expect(verifySession(shortLived, secret, none)).toBeNull();
  });

  it('refuses a token once its session is revoked, though it was accepted (and cached) before', async () => {
    const revocations = createInProcessRevocations();
    const sessionId = randomUUID();
    const token = signSession('user-1', sessionId, secret);
    expect(verifySession(token, secret, revocations)?.sessionId).toBe(sessionId);
    await revocations.revoke([{ id: sessionId, expiresAt: Date.now() + 60_000 }]);
    expect(verifySession(token, secret, revocations)).toBeNull();
    expect(verifySession(signSession('user-1', randomUUID(), secret), secret, revocations)?.userId).toBe('user-1');
  });

  it('refuses a token without a session id, as issued before sessions could be revoked', () => {
    expect(verifySession(jwt.sign({}, secret, { algorithm: 'HS256', subject: 'user-1', expiresIn: 60 }), secret, none)).toBeNull();
  });

  it('refuses an unsigned alg none token', () => {
    const unsigned = jwt.sign({ sub: 'user-1', jti: SESSION }, '', { algorithm: 'none' });
    expect(verifySession(unsigned, secret, none)).toBeNull();
  });

  it('refuses a token with another HMAC algorithm', () => {
    expect(verifySession(jwt.sign({ jti: SESSION }, secret, { algorithm: 'HS512', subject: 'user-1' }), secret, none)).toBeNull();
  });

  it('refuses a missing token', () => {
    expect(verifySession(undefined, secret, none)).toBeNull();
    expect(verifySession('', secret, none)).toBeNull();
  });
});
