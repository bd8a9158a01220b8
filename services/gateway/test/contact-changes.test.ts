import { subjects, type ContactChanged } from '@chat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, connected, eventually, openSocket } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

describe('a contact’s new name or picture', () => {
  it('reaches at once the sockets that have them on screen, those hearing everyone too, and no one else', async () => {
    const [ann, watcher, elsewhere, everyoneHearer] = [gateway.user(), gateway.user(), gateway.user(), gateway.user()];
    const watching = openSocket(gateway.baseUrl, { cookie: watcher.cookie, userId: watcher.id, auth: { watchPresence: [ann.id] } });
    const notWatching = openSocket(gateway.baseUrl, {
      cookie: elsewhere.cookie,
      userId: elsewhere.id,
      auth: { watchPresence: [watcher.id] },
    });
    const hearingEveryone = openSocket(gateway.baseUrl, { cookie: everyoneHearer.cookie, userId: everyoneHearer.id });
    const [atWatcher, atElsewhere, atEveryoneHearer] = [
      collectEvents<ContactChanged>(watching, 'contactChanged'),
      collectEvents<ContactChanged>(notWatching, 'contactChanged'),
      collectEvents<ContactChanged>(hearingEveryone, 'contactChanged'),
    ];
    await Promise.all([watching, notWatching, hearingEveryone].map((socket) => connected(socket)));

    const change = { _id: ann.id, fullName: 'Ann Renamed', profilePic: '/api/media/avatars/new.png' };
    await gateway.bus.publish(subjects.contactsChanged, JSON.stringify(change));
    await eventually(() => atWatcher.length === 1 && atEveryoneHearer.length === 1, 'the change at the sockets that show Ann');
    expect(atWatcher).toEqual([change]);
    expect(atEveryoneHearer).toEqual([change]);
    const deleted = { _id: ann.id, fullName: 'Deleted user', profilePic: '', accountDeleted: true };
    await gateway.bus.publish(subjects.contactsChanged, JSON.stringify(deleted));
    await eventually(() => atWatcher.length === 2, 'her account deleted, at the socket showing her');
    expect(atWatcher[1]).toEqual(deleted);
    // A later change, of the one it shows, reaches the third: Ann's would have come before it.
    const watcherChange = { _id: watcher.id, fullName: 'Watcher Renamed', profilePic: '' };
    await gateway.bus.publish(subjects.contactsChanged, JSON.stringify(watcherChange));
    await eventually(() => atElsewhere.length > 0, 'the watcher’s change at the socket showing the watcher');
    expect(atElsewhere).toEqual([watcherChange]);
    for (const socket of [watching, notWatching, hearingEveryone]) socket.disconnect();
  });

  it('does not reach someone its owner blocked, and ignores a malformed change', async () => {
    const [ann, blocked, friend] = [gateway.user(), gateway.user(), gateway.user()];
    const [blockedSocket, friendSocket] = [
      openSocket(gateway.baseUrl, { cookie: blocked.cookie, userId: blocked.id, auth: { watchPresence: [ann.id, friend.id] } }),
      openSocket(gateway.baseUrl, { cookie: friend.cookie, userId: friend.id, auth: { watchPresence: [ann.id] } }),
    ];
    const [atBlocked, atFriend] = [
      collectEvents<ContactChanged>(blockedSocket, 'contactChanged'),
      collectEvents<ContactChanged>(friendSocket, 'contactChanged'),
    ];
    await Promise.all([blockedSocket, friendSocket].map((socket) => connected(socket)));
    await gateway.block(ann.id, blocked.id);

    await gateway.bus.publish(subjects.contactsChanged, '{"_id":"not-an-id"}');
    await gateway.bus.publish(subjects.contactsChanged, JSON.stringify({ _id: ann.id, fullName: 'Ann Private', profilePic: '' }));
    await eventually(() => atFriend.length === 1, 'the change at her friend');
    expect(atFriend).toEqual([{ _id: ann.id, fullName: 'Ann Private', profilePic: '' }]);
    // A later change, of her friend, reaches the one she blocked: hers would have come before it.
    const friendChange = { _id: friend.id, fullName: 'Friend Renamed', profilePic: '' };
    await gateway.bus.publish(subjects.contactsChanged, JSON.stringify(friendChange));
    await eventually(() => atBlocked.length > 0, 'her friend’s change at the one she blocked');
    expect(atBlocked, 'nothing of hers for the one she blocked').toEqual([friendChange]);
    for (const socket of [blockedSocket, friendSocket]) socket.disconnect();
  });
});
