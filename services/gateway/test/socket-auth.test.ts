import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSession } from '@chat/sessions';
import jwt from 'jsonwebtoken';
import { connected, openSocket } from '#test-support';
import { JWT_SECRET, startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

const refusal = (options: { cookie?: string; userId?: string }) =>
  connected(openSocket(gateway.baseUrl, options)).then(
    (socket) => {
      socket.disconnect();
      return 'connected';
    },
    (error: Error) => error.message,
  );

describe('socket handshake', () => {
  it('accepts a socket with the session cookie and its own userId', async () => {
    const ann = gateway.user();
    const socket = await ann.socket();
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('refuses a socket without a cookie', async () => {
    expect(await refusal({ userId: gateway.user().id })).toBe('Not authenticated');
  });

  it('rejects a socket whose userId is not the token’s', async () => {
    const ann = gateway.user();
    const bob = gateway.user();
    expect(await refusal({ cookie: ann.cookie, userId: bob.id })).toBe('userId does not match the session');
  });

  it('refuses a forged, expired or unsigned token', async () => {
    const id = gateway.user().id;
    const tokens = [
      signSession(id, randomUUID(), 'someone-else-'.padEnd(48, 'z')),
      jwt.sign({ exp: Math.floor(Date.now() / 1000) - 5 }, JWT_SECRET, { subject: id }),
      jwt.sign({ sub: id }, '', { algorithm: 'none' }),
    ];
    for (const token of tokens) expect(await refusal({ cookie: `jwt=${token}`, userId: id })).toBe('Not authenticated');
  });
});
