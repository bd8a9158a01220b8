import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSession } from '@chat/sessions';
import jwt from 'jsonwebtoken';
import { connected, nextEvent, openSocket, withDeadline, type SocketOptions } from '#test-support';
import { JWT_SECRET, startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

const refusal = (options: SocketOptions) =>
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

  it('opens a socket for a page of the app’s own origin and refuses another site’s page, on either transport', async () => {
    const ann = gateway.user();
    for (const transports of [['websocket'], ['polling']] as const) {
      const own = await connected(
        openSocket(gateway.baseUrl, { cookie: ann.cookie, userId: ann.id, transports: [...transports], origin: gateway.baseUrl }),
      );
      own.disconnect();
      expect(
        await refusal({ cookie: ann.cookie, userId: ann.id, transports: [...transports], origin: 'https://evil.example' }),
        transports[0],
      ).not.toBe('connected');
    }
  });

  it('ends a socket when its session’s token expires', async () => {
    const id = gateway.user().id;
    const token = jwt.sign({ jti: randomUUID(), exp: Math.floor(Date.now() / 1000) + 2 }, JWT_SECRET, { subject: id });
    const socket = await connected(openSocket(gateway.baseUrl, { cookie: `jwt=${token}`, userId: id }));
    expect(await withDeadline(nextEvent(socket, 'disconnect'), 15_000, 'the server to end the socket at its token’s expiry')).toBe(
      'io server disconnect',
    );
  });
});

describe('sockets from other origins, when some are allowed', () => {
  it('opens a socket for a page of a listed origin only', async () => {
    const listed = await startGateway({ allowedOrigins: ['https://chat.example.com'] });
    try {
      const ann = listed.user();
      const from = (origin: string) =>
        connected(openSocket(listed.baseUrl, { cookie: ann.cookie, userId: ann.id, origin })).then(
          (socket) => (socket.disconnect(), 'connected'),
          () => 'refused',
        );
      expect([await from('https://chat.example.com'), await from(listed.baseUrl)]).toEqual(['connected', 'refused']);
    } finally {
      await listed.app.close();
    }
  });
});
