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

    await gateway.revoke(laptop.id, laptop.sessionId);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(phoneSocket.connected).toBe(true);
    phoneSocket.disconnect();
  });

  it('loses its sockets when the event names no user, as an event from before did', async () => {
    const cy = gateway.user();
    const other = gateway.user();
    const [tab, otherTab] = await Promise.all([cy.socket(), other.socket()]);
    const reason = nextEvent(tab, 'disconnect');
    await gateway.revoke(undefined, cy.sessionId);
    expect(await reason).toBe('io server disconnect');
    expect(otherTab.connected).toBe(true);
    otherTab.disconnect();
  });

  it('cannot open a socket any more', async () => {
    const ann = gateway.user();
    await gateway.revoke(ann.id, ann.sessionId);
    await expect(connected(openSocket(gateway.baseUrl, { cookie: ann.cookie, userId: ann.id }))).rejects.toThrow('Not authenticated');
  });
});
