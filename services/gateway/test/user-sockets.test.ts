import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway({ socketsPerUser: 3 });
});
afterAll(() => gateway.app.close());

describe('sockets per user', () => {
  it('refuses a user’s connection past the cap, lets others in, and frees a place when one leaves', async () => {
    const flooder = gateway.user();
    const sockets = await Promise.all([flooder.socket(), flooder.socket(), flooder.socket()]);
    await expect(flooder.socket()).rejects.toThrow('Too many connections');
    const other = await gateway.user().socket();
    expect(other.connected).toBe(true);

    sockets[0]!.disconnect();
    await eventually(() => gateway.app.io.of('/').sockets.size === 3, 'the server to see the socket leave');
    const again = await flooder.socket();
    expect(again.connected).toBe(true);
    for (const socket of [...sockets, other, again]) socket.disconnect();
  });
});
