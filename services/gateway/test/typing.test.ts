import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, DEFAULT_DEADLINE_MS, eventually, withDeadline } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

describe('typing', () => {
  it('tells every tab of the person typed to who is typing, and nobody else', async () => {
    const ann = gateway.user();
    const bob = gateway.user();
    const eve = gateway.user();
    const annTabs = [await ann.socket(), await ann.socket()];
    const bobTabs = [await bob.socket(), await bob.socket()];
    const eveTab = await eve.socket();
    const atBob = bobTabs.map((tab) => collectEvents(tab, 'typing'));
    const atAnn = annTabs.map((tab) => collectEvents(tab, 'typing'));
    const atEve = collectEvents(eveTab, 'typing');

    annTabs[0]!.emit('typing', { to: bob.id, isTyping: true });
    annTabs[0]!.emit('typing', { to: bob.id, isTyping: false });
    await eventually(() => atBob.every((events) => events.length === 2), 'both of Bob’s tabs told, twice');
    expect(atBob).toEqual([
      [
        { from: ann.id, isTyping: true },
        { from: ann.id, isTyping: false },
      ],
      [
        { from: ann.id, isTyping: true },
        { from: ann.id, isTyping: false },
      ],
    ]);
    // Eve's own notice comes after Ann's: had Ann's reached her, it would be there first.
    bobTabs[0]!.emit('typing', { to: eve.id, isTyping: true });
    await eventually(() => atEve.length > 0, 'Eve told of Bob');
    expect(atEve).toEqual([{ from: bob.id, isTyping: true }]);
    expect(atAnn).toEqual([[], []]);
    for (const socket of [...annTabs, ...bobTabs, eveTab]) socket.disconnect();
  });

  it('takes the person typed to in upper case as the same person', async () => {
    const ann = gateway.user();
    const bob = gateway.user();
    const annTab = await ann.socket();
    const bobTab = await bob.socket();
    const atBob = collectEvents(bobTab, 'typing');
    annTab.emit('typing', { to: bob.id.toUpperCase(), isTyping: true });
    await eventually(() => atBob.length === 1, 'Bob told Ann is typing');
    expect(atBob).toEqual([{ from: ann.id, isTyping: true }]);
    for (const socket of [annTab, bobTab]) socket.disconnect();
  });

  it('drops a malformed notice, one to oneself, and more than a typist sends, then relays the next', async () => {
    const cat = gateway.user();
    const dan = gateway.user();
    const catTab = await cat.socket();
    const danTab = await dan.socket();
    const atDan = collectEvents(danTab, 'typing');
    const raw = catTab as unknown as { emit(event: string, payload: unknown): void };
    raw.emit('typing', { to: 'not-a-user-id', isTyping: true });
    raw.emit('typing', { to: dan.id, isTyping: 'yes' });
    raw.emit('typing', 'typing');
    raw.emit('typing', { to: cat.id, isTyping: true });
    for (let i = 0; i < 20; i++) catTab.emit('typing', { to: dan.id, isTyping: i % 2 === 0 });
    // Cat's answer comes once every notice before it was handled; Dan's after every notice relayed
    // to Dan. (Not Cat leaving: Socket.IO drops what a socket sent if its disconnection is read in
    // the same chunk.)
    await withDeadline(
      new Promise((answered) => catTab.emit('countOnline', answered)),
      DEFAULT_DEADLINE_MS,
      'Cat’s count of others online',
    );
    await withDeadline(
      new Promise((answered) => danTab.emit('countOnline', answered)),
      DEFAULT_DEADLINE_MS,
      'Dan’s count of others online',
    );
    expect(atDan).toEqual(Array.from({ length: 6 }, (_, i) => ({ from: cat.id, isTyping: i % 2 === 0 })));
    for (const socket of [catTab, danTab]) socket.disconnect();
  });
});
