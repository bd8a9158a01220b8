import { describe, expect, it } from 'vitest';
import { connected, nextEvent, openSocket } from '#test-support';
import { startGateway } from './gateway-server.js';

describe('gateway shutdown', () => {
  it('closes its sockets so that clients reconnect by themselves, elsewhere', async () => {
    const gateway = await startGateway();
    const socket = await gateway.user().socket();
    const reason = nextEvent<string>(socket, 'disconnect');
    await gateway.app.close();
    // 'io server disconnect' would mean: do not reconnect. A closed transport makes the client retry.
    expect(await reason).toBe('transport close');
    expect(socket.active).toBe(true);
    socket.disconnect();
  });

  it('refuses a new socket once its close has begun, while the server still listens', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A later close step that waits: until it is done, the server still takes connections.
    const gateway = await startGateway({ prepare: (app) => app.addHook('preClose', () => released) });
    const closed = gateway.app.close();
    const user = gateway.user();
    // Long polling, as a browser starts: a session opened now would hold its connection open.
    const socket = openSocket(gateway.baseUrl, { cookie: user.cookie, userId: user.id, transports: ['polling'] });
    await expect(connected(socket)).rejects.toThrow();
    socket.disconnect();
    release();
    await closed;
  });
});
