import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupChanged, Message } from '@chat/contracts';
import { collectEvents, eventually } from '#test-support';
import { startEmbedded } from './embedded-server.js';

let server: Awaited<ReturnType<typeof startEmbedded>>;
beforeAll(async () => {
  server = await startEmbedded();
});
afterAll(() => server.app.close());

const signedUp = (name: string) => server.signedUp(name);

/** What a socket heard: the texts of new messages (a system line by its kind), in order. */
const heard = (socket: Parameters<typeof collectEvents>[0]) => {
  const messages = collectEvents<Message>(socket, 'newMessage');
  return () => messages.map((message) => message.text ?? `(${message.system?.kind})`);
};

describe('a group’s messages reach its members’ sockets through the gateway', () => {
  it('writes each message once to every socket of every member here, and to no one else', async () => {
    const [ann, bob, cat, dan, eve] = await Promise.all([
      signedUp('Ann Fanout'),
      signedUp('Bob Fanout'),
      signedUp('Cat Fanout'),
      signedUp('Dan Fanout'),
      signedUp('Eve Fanout'),
    ]);
    const annTab = await ann.socket();
    const bobTabs = await Promise.all([bob.socket(), bob.socket()]);
    const catTab = await cat.socket();
    const outsider = await dan.socket();
    const bobChanges = collectEvents<GroupChanged>(bobTabs[0], 'groupChanged');
    const created = await ann.client.post('/api/messages/groups', { name: 'Trip', memberIds: [bob.id, cat.id, eve.id] });
    const group = created.body as Group;
    await eventually(() => bobChanges.length === 1, 'Bob told he is in the group');
    expect(bobChanges).toEqual([{ groupId: group._id, member: true }]);
    // Eve's first socket arrives after she was added: her groups are asked for then.
    const eveTab = await eve.socket();
    const sockets = { annTab, bob0: bobTabs[0], bob1: bobTabs[1], catTab, eveTab, outsider };
    const hearing = Object.fromEntries(Object.entries(sockets).map(([name, socket]) => [name, heard(socket)]));

    await ann.client.post(`/api/messages/groups/${group._id}/send`, { text: 'first' }, { 'x-socket-id': annTab.id ?? '' });
    await cat.client.post(`/api/messages/groups/${group._id}/send`, { text: 'second' });
    const members = ['bob0', 'bob1', 'catTab', 'eveTab'] as const;
    await eventually(() => members.every((name) => hearing[name]!().length === 2), 'every member’s socket hears both');
    await eventually(() => hearing.annTab!().length === 1, 'Ann’s tab hears Cat’s');
    expect(Object.fromEntries(Object.entries(hearing).map(([name, texts]) => [name, texts()]))).toEqual({
      annTab: ['second'],
      bob0: ['first', 'second'],
      bob1: ['first', 'second'],
      catTab: ['first', 'second'],
      eveTab: ['first', 'second'],
      outsider: [],
    });
    for (const socket of Object.values(sockets)) socket.disconnect();
  });

  it('tells the other members who is typing in the group, and drops a notice from someone outside it', async () => {
    const [ann, bob, eve] = await Promise.all([signedUp('Ann Typing'), signedUp('Bob Typing'), signedUp('Eve Typing')]);
    const group = (await ann.client.post('/api/messages/groups', { name: 'Chatter', memberIds: [bob.id] })).body as Group;
    const [annTab, annOtherTab, bobTab, eveTab] = await Promise.all([ann.socket(), ann.socket(), bob.socket(), eve.socket()]);
    const atBob = collectEvents(bobTab, 'typing');
    const atAnnOtherTab = collectEvents(annOtherTab, 'typing');
    eveTab.emit('typing', { to: group._id, isTyping: true, group: true });
    annTab.emit('typing', { to: group._id, isTyping: true, group: true });
    await eventually(() => atBob.length > 0, 'Bob hears Ann typing');
    // Eve's notice went first on the same path: had it been relayed, it would be here.
    expect(atBob).toEqual([{ from: ann.id, isTyping: true, groupId: group._id }]);
    expect(atAnnOtherTab, 'not back to the typist').toEqual([]);
    for (const socket of [annTab, annOtherTab, bobTab, eveTab]) socket.disconnect();
  });

  it('tells every member’s sockets of an edit, a reaction and an admin’s deletion', async () => {
    const [ann, bob] = await Promise.all([signedUp('Ann Changes'), signedUp('Bob Changes')]);
    const group = (await ann.client.post('/api/messages/groups', { name: 'Edits', memberIds: [bob.id] })).body as Group;
    const bobTab = await bob.socket();
    const updates = collectEvents<Message>(bobTab, 'messageUpdated');
    const sent = (await ann.client.post(`/api/messages/groups/${group._id}/send`, { text: 'draft' })).body as Message;
    await ann.client.post(`/api/messages/edit/${sent._id}`, { text: 'final' });
    await bob.client.post(`/api/messages/react/${sent._id}`, { emoji: '🎉' });
    await ann.client.post(`/api/messages/delete/${sent._id}`, {});
    await eventually(() => updates.length === 3, 'three changes on Bob’s socket');
    expect(updates.map((update) => [update.text, update.reactions.length, update.deletedAt !== null])).toEqual([
      ['final', 0, false],
      ['final', 1, false],
      [null, 0, true],
    ]);
    bobTab.disconnect();
  });

  it('stops writing to a removed member’s sockets before the group’s next message; a new tab of a member hears it', async () => {
    const [ann, bob] = await Promise.all([signedUp('Ann Removal'), signedUp('Bob Removal')]);
    const bobTab = await bob.socket();
    const bobChanges = collectEvents<GroupChanged>(bobTab, 'groupChanged');
    const group = (await ann.client.post('/api/messages/groups', { name: 'Club', memberIds: [bob.id] })).body as Group;
    await eventually(() => bobChanges.length === 1, 'Bob told he is in the group');
    const annTab = await ann.socket();
    const annHears = heard(annTab);
    const bobHears = heard(bobTab);
    await ann.client.post(`/api/messages/groups/${group._id}/send`, { text: 'before' });
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${bob.id}`)).status).toBe(204);
    await ann.client.post(`/api/messages/groups/${group._id}/send`, { text: 'after' });
    await eventually(() => annHears().includes('after'), 'Ann hears the message after the removal');
    await eventually(() => bobChanges.length === 2 && bobHears().includes('(removed)'), 'Bob told he was removed, and the line saying so');
    expect(bobChanges[1]).toEqual({ groupId: group._id, member: false });
    // The line removing him is his to keep; nothing after it reaches him.
    expect(bobHears()).toEqual(['before', '(removed)']);
    const annSecondTab = await ann.socket();
    const secondTabHears = heard(annSecondTab);
    await ann.client.post(`/api/messages/groups/${group._id}/send`, { text: 'later' });
    await eventually(() => secondTabHears().length === 1, 'the new tab hears the group');
    expect(bobHears()).toEqual(['before', '(removed)']);
    for (const socket of [bobTab, annTab, annSecondTab]) socket.disconnect();
  });
});
