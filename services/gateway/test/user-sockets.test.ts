import { createInProcessPresence, type Presence } from '@chat/presence';
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

    sockets[0].disconnect();
    await eventually(() => gateway.app.io.of('/').sockets.size === 3, 'the server to see the socket leave');
    const again = await flooder.socket();
    expect(again.connected).toBe(true);
    for (const socket of [...sockets, other, again]) socket.disconnect();
  });

  it('lets a user in when registering them is slow, and records their leaving only after their arrival', async () => {
    const registry = createInProcessPresence();
    const changes: string[] = [];
    registry.onChange(({ online }) => changes.push(online ? 'online' : 'offline'));
    let release!: () => void;
    const registrationHeld = new Promise<void>((resolve) => (release = resolve));
    // As Redis's presence does while Redis is away: the registration waits for the server.
    const slowPresence: Presence = { ...registry, connect: async (userId) => registrationHeld.then(() => registry.connect(userId)) };
    const slow = await startGateway({ presence: slowPresence });
    try {
      const ann = slow.user();
      const socket = await ann.socket();
      expect(changes, 'not registered yet').toEqual([]);
      socket.disconnect();
      await eventually(() => slow.app.io.of('/').sockets.size === 0, 'the server to see the socket leave');
      release();
      await eventually(() => changes.join() === 'online,offline', 'her arrival, then her leaving, recorded');
    } finally {
      await slow.app.close();
    }
  });
});
