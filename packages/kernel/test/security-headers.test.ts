import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/server.js';

let app: Awaited<ReturnType<typeof createHttpServer>>;

beforeAll(async () => {
  app = await createHttpServer({ logLevel: 'silent' });
  app.get('/page', async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('security headers on every answer', () => {
  it('sends a policy that allows only this origin, no inline script and no eval', async () => {
    const response = await app.inject({ method: 'GET', url: '/page' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/https?:|\*/);
  });

  it('forbids sniffing, framing and referrers, and says nothing of the server', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
  });
});
