import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, nextEvent, openSocket } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

describe('a revoked session', () => {
  it('loses its sockets, told the server ended them; the user’s other sessions keep theirs', async () => {
    const laptop = gateway.user();
    const phone = gateway.user(laptop.id);
    const [tab1, tab2, phoneSocket] = await Promise.all([laptop.socket(), laptop.socket(), phone.socket()]);
    const reasons = Promise.all([nextEvent(tab1, 'disconnect'), nextEvent(tab2, 'disconnect')]);

    await gateway.revoke(laptop.sessionId);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(phoneSocket.connected).toBe(true);
    phoneSocket.disconnect();
  });

  it('cannot open a socket any more', async () => {
    const ann = gateway.user();
    await gateway.revoke(ann.sessionId);
    await expect(connected(openSocket(gateway.baseUrl, { cookie: ann.cookie, userId: ann.id }))).rejects.toThrow('Not authenticated');
  });
});
