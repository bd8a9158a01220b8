import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSession, verifySession } from '../src/session.js';

const secret = 's'.repeat(40);

describe('session tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies a token it signed and returns its user', () => {
    expect(verifySession(signSession('user-1', secret), secret)).toBe('user-1');
  });

  it('refuses a token signed with another secret', () => {
    expect(verifySession(signSession('user-1', 'o'.repeat(40)), secret)).toBeNull();
  });

  it('refuses a tampered token', () => {
    const [header, , signature] = signSession('user-1', secret).split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ sub: 'admin', exp: 9999999999 })).toString('base64url');
    expect(verifySession(`${header}.${forgedClaims}.${signature}`, secret)).toBeNull();
  });

  it('refuses an expired token', () => {
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256', subject: 'user-1' });
    expect(verifySession(expired, secret)).toBeNull();
  });

  it('refuses a token once it expires, though it was accepted before', () => {
    vi.useFakeTimers({ now: Date.now() });
    const shortLived = jwt.sign({ exp: Math.floor(Date.now() / 1000) + 2 }, secret, { algorithm: 'HS256', subject: 'user-1' });
    expect(verifySession(shortLived, secret)).toBe('user-1');
    vi.advanceTimersByTime(5_000);
    expect(verifySession(shortLived, secret)).toBeNull();
  });

  it('refuses an unsigned alg none token', () => {
    const unsigned = jwt.sign({ sub: 'user-1' }, '', { algorithm: 'none' });
    expect(verifySession(unsigned, secret)).toBeNull();
  });

  it('refuses a token with another HMAC algorithm', () => {
    expect(verifySession(jwt.sign({}, secret, { algorithm: 'HS512', subject: 'user-1' }), secret)).toBeNull();
  });

  it('refuses a missing token', () => {
    expect(verifySession(undefined, secret)).toBeNull();
    expect(verifySession('', secret)).toBeNull();
  });
});
