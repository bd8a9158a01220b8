import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockChanged, OnlineUsersChanged, TypingNotice } from '@chat/contracts';
import { collectEvents, connected, eventually, nextEvent, openSocket } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

const sawOnline = (changes: OnlineUsersChanged[], userId: string) => changes.some((change) => change.online.includes(userId));
const sawOffline = (changes: OnlineUsersChanged[], userId: string) => changes.some((change) => change.offline.includes(userId));
/** Whether a push names the user at all: online, offline or hidden. */
const named = (change: OnlineUsersChanged, userId: string) =>
  [...change.online, ...change.offline, ...(change.hidden ?? [])].includes(userId);
/** Told the user is hidden by a block: offline, and no "last seen" to stamp. */
const sawHidden = (changes: OnlineUsersChanged[], userId: string) => changes.some((change) => change.hidden?.includes(userId));

/** Who a new tab of the user is shown online as it connects. */
async function onlineSeenBy(user: { id: string; cookie: string }): Promise<string[]> {
  const tab = openSocket(gateway.baseUrl, { cookie: user.cookie, userId: user.id });
  const snapshot = nextEvent<string[]>(tab, 'getOnlineUsers');
  await connected(tab);
  try {
    return await snapshot;
  } finally {
    tab.disconnect();
  }
}

describe('a block between two people', () => {
  it('hides each one’s presence from the other until it is lifted, while everyone else still sees both', async () => {
    const ann = gateway.user();
    const bob = gateway.user();
    const carl = gateway.user();
    const annTab = await ann.socket();
    const bobTab = await bob.socket();
    const carlTab = await carl.socket();
    const atAnn = collectEvents<OnlineUsersChanged>(annTab, 'onlineUsersChanged');
    const atBob = collectEvents<OnlineUsersChanged>(bobTab, 'onlineUsersChanged');
    const atCarl = collectEvents<OnlineUsersChanged>(carlTab, 'onlineUsersChanged');
    const annBlocks = collectEvents<BlockChanged>(annTab, 'blockChanged');
    const bobBlocks = collectEvents<BlockChanged>(bobTab, 'blockChanged');

    await gateway.block(ann.id, bob.id);
    await eventually(() => sawHidden(atAnn, bob.id), 'Ann to see Bob hidden');
    await eventually(() => sawOffline(atBob, ann.id), 'Bob to see Ann offline');
    await eventually(() => annBlocks.length === 1, 'Ann’s tab told of her block');
    expect(annBlocks).toEqual([{ userId: bob.id, blocked: true }]);

    // A new tab of Bob's is not told Ann is online; Ann coming and going reaches Carl, not Bob.
    const bobSecondTab = openSocket(gateway.baseUrl, { cookie: bob.cookie, userId: bob.id });
    const snapshot = nextEvent<string[]>(bobSecondTab, 'getOnlineUsers');
    await connected(bobSecondTab);
    expect(await snapshot).toEqual(expect.arrayContaining([bob.id, carl.id]));
    expect(await snapshot).not.toContain(ann.id);
    const annSecondTab = await ann.socket();
    annTab.disconnect();
    annSecondTab.disconnect();
    await eventually(() => sawOffline(atCarl, ann.id), 'Carl to see Ann go offline');
    const annBack = await ann.socket();
    await eventually(() => atCarl.filter((change) => change.online.includes(ann.id)).length > 0, 'Carl to see Ann back');
    // Bob, blocked, is told nothing that says a block: Ann went offline to him as anyone does, once.
    expect(atBob.filter((change) => named(change, ann.id))).toEqual([{ online: [], offline: [ann.id] }]);

    const atAnnBack = collectEvents<OnlineUsersChanged>(annBack, 'onlineUsersChanged');
    await gateway.block(ann.id, bob.id, false);
    await eventually(() => sawOnline(atBob, ann.id) && sawOnline(atAnnBack, bob.id), 'each to see the other online again');
    // The blocked person's sockets are never told of the block itself.
    expect(bobBlocks).toEqual([]);
    for (const socket of [bobTab, bobSecondTab, carlTab, annBack]) socket.disconnect();
  });

  it('drops typing between them either way, and relays it again once the block is lifted', async () => {
    const dan = gateway.user();
    const eve = gateway.user();
    const fay = gateway.user();
    const danTab = await dan.socket();
    const eveTab = await eve.socket();
    const fayTab = await fay.socket();
    const atDan = collectEvents<TypingNotice>(danTab, 'typing');
    const atEve = collectEvents<TypingNotice>(eveTab, 'typing');
    const atFay = collectEvents<TypingNotice>(fayTab, 'typing');
    const danChanges = collectEvents<OnlineUsersChanged>(danTab, 'onlineUsersChanged');

    await gateway.block(dan.id, eve.id);
    await eventually(() => sawHidden(danChanges, eve.id), 'Dan to stop seeing Eve');
    await eventually(async () => !(await onlineSeenBy(eve)).includes(dan.id), 'Eve, blocked, to stop seeing Dan');
    danTab.emit('typing', { to: eve.id, isTyping: true });
    eveTab.emit('typing', { to: dan.id, isTyping: true });
    // Each socket's events are handled in order: once Fay hears from both, the server had the notices before.
    danTab.emit('typing', { to: fay.id, isTyping: true });
    eveTab.emit('typing', { to: fay.id, isTyping: true });
    await eventually(() => atFay.length === 2, 'Fay told of Dan and Eve');
    await gateway.block(dan.id, eve.id, false);
    await eventually(() => sawOnline(danChanges, eve.id), 'Dan to see Eve again');
    // Typing after the unblock arrives; what was typed under the block, before it, never did.
    danTab.emit('typing', { to: eve.id, isTyping: false });
    await eventually(() => atEve.length > 0, 'Eve told Dan stopped typing');
    expect(atEve).toEqual([{ from: dan.id, isTyping: false }]);
    expect(atDan).toEqual([]);
    for (const socket of [danTab, eveTab, fayTab]) socket.disconnect();
  });
});
