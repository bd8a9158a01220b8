import {
  CLEAR_ERRORS,
  GROUP_ERRORS,
  type Cleared,
  type Group,
  type GroupEntry,
  type InboxEntry,
  type Message,
  type MessageSearchResult,
  type ShownMessage,
  type UserEvent,
} from '@chat/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { pngBytes, toDataUrl } from '#test-support';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('deleting messages for me and clearing a chat', (server) => {
  const send = async (from: TestUser, to: TestUser, text: string) =>
    (await from.client.post<Message>(`/api/messages/send/${to.id}`, { text })).body;
  const historyOf = async (user: TestUser, peer: TestUser) =>
    ((await user.client.get(`/api/messages/${peer.id}`)).body as Message[]).map((message) => message.text);
  const entryOf = async (user: TestUser, peer: TestUser) =>
    ((await user.client.get('/api/messages/users')).body as InboxEntry[]).find((entry) => entry._id === peer.id)!;
  const found = async (user: TestUser, q: string) =>
    ((await user.client.get(`/api/messages/search?q=${q}`)).body as MessageSearchResult[]).map(({ message }) => message.text);
  const starred = async (user: TestUser) =>
    ((await user.client.get('/api/messages/starred')).body as MessageSearchResult[]).map(({ message }) => message.text);
  const deleteForMe = (user: TestUser, peer: TestUser, messageIds: string[]) =>
    user.client.post<ShownMessage>(`/api/messages/delete-for-me/${peer.id}`, { messageIds });
  const exported = async (user: TestUser, peer: TestUser) => {
    const files = unzipSync(new Uint8Array((await user.client.get('/api/messages/export')).body as Buffer));
    return (JSON.parse(strFromU8(files[`conversations/${peer.id}.json`]!)) as { messages: Message[] }).messages.map(
      (message) => message.text,
    );
  };

  it('deletes messages for me alone: gone from my history, search, stars and export on every device of mine; the other person keeps them', async () => {
    const [me, ann] = [await server().user('Me Tidy'), await server().user('Ann Tidy')];
    await send(ann, me, 'first plan words');
    const second = await send(me, ann, 'second plan words');
    const third = await send(ann, me, 'third plan words');
    await me.client.post(`/api/messages/star/${third._id}`);
    const toMyDevices = server().published(me.id);
    const toAnn = server().published(ann.id);

    const response = await deleteForMe(me, ann, [third._id]);
    expect(response.status).toBe(200);
    expect(response.body.lastMessage?._id, 'my inbox now shows the one before').toBe(second._id);
    expect(await historyOf(me, ann)).toEqual(['first plan words', 'second plan words']);
    expect(await historyOf(ann, me), 'Ann keeps it').toEqual(['first plan words', 'second plan words', 'third plan words']);
    expect(await found(me, 'plan')).toEqual(['second plan words', 'first plan words']);
    await server().indexSearch();
    expect(await found(me, 'plan'), 'once indexed in blocks too').toEqual(['second plan words', 'first plan words']);
    expect(await found(ann, 'third')).toEqual(['third plan words']);
    expect(await starred(me), 'its star is gone with it').toEqual([]);
    expect(await exported(me, ann)).toEqual(['first plan words', 'second plan words']);
    const entry = await entryOf(me, ann);
    expect([entry.lastMessage?.text, entry.latestMessageId], 'the entry sorts by the latest all the same').toEqual([
      'second plan words',
      third._id,
    ]);
    expect((await entryOf(ann, me)).lastMessage?.text).toBe('third plan words');
    expect(toMyDevices.filter((event) => event.event === 'messagesHidden')).toEqual([
      { event: 'messagesHidden', payload: { userId: ann.id, messageIds: [third._id], lastMessage: response.body.lastMessage } },
    ] satisfies UserEvent[]);
    expect(
      toAnn.filter((event) => event.event === 'messagesHidden'),
      'Ann is not told',
    ).toEqual([]);

    expect((await deleteForMe(me, ann, [third._id])).status, 'again: no change').toBe(200);
    await send(ann, me, 'fourth plan words');
    const after = await entryOf(me, ann);
    expect([after.lastMessage?.text, after.latestMessageId], 'a new message shows as ever').toEqual(['fourth plan words', undefined]);
  });

  it('deletes for me a message I received, one deleted for everyone, and several at once, down to none left', async () => {
    const [me, bob] = [await server().user('Me Sweep'), await server().user('Bob Sweep')];
    const mine = await send(me, bob, 'mine');
    const gone = await send(bob, me, 'soon gone');
    const theirs = await send(bob, me, 'theirs');
    await bob.client.post(`/api/messages/delete/${gone._id}`);
    expect((await deleteForMe(me, bob, [gone._id])).body.lastMessage?.text).toBe('theirs');
    const response = await deleteForMe(me, bob, [mine._id, theirs._id]);
    expect(response.body).toEqual({ lastMessage: null });
    expect(await historyOf(me, bob)).toEqual([]);
    expect((await entryOf(me, bob)).lastMessage).toBeNull();
    expect(await historyOf(bob, me)).toEqual(['mine', null, 'theirs']);
  });

  it('clears a chat for me: the entry stays, empty and read; what comes after shows as ever; the other person keeps everything', async () => {
    const [me, cat, dan] = [await server().user('Me Clear'), await server().user('Cat Clear'), await server().user('Dan Clear')];
    await send(me, dan, 'older chat with Dan');
    await send(cat, me, 'cleared words one');
    const last = await send(cat, me, 'cleared words two');
    await me.client.post(`/api/messages/star/${last._id}`);
    const toMyDevices = server().published(me.id);

    const response = await me.client.post<Cleared>(`/api/messages/clear/${cat.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ upTo: last._id });
    expect(await historyOf(me, cat)).toEqual([]);
    const inbox = (await me.client.get('/api/messages/users')).body as InboxEntry[];
    expect(inbox.map((entry) => entry._id).slice(0, 2), 'it keeps its place').toEqual([cat.id, dan.id]);
    expect(inbox[0]).toMatchObject({ lastMessage: null, latestMessageId: last._id, unreadCount: 0 });
    expect(await found(me, 'cleared')).toEqual([]);
    expect(await starred(me)).toEqual([]);
    expect(await exported(me, cat)).toEqual([]);
    expect(await historyOf(cat, me)).toEqual(['cleared words one', 'cleared words two']);
    expect(toMyDevices.filter((event) => event.event === 'conversationCleared')).toEqual([
      { event: 'conversationCleared', payload: { userId: cat.id, upTo: last._id } },
    ] satisfies UserEvent[]);

    await send(cat, me, 'after the clear');
    expect(await historyOf(me, cat)).toEqual(['after the clear']);
    expect(await entryOf(me, cat)).toMatchObject({ lastMessage: { text: 'after the clear' }, unreadCount: 1 });
    expect((await entryOf(me, cat)).latestMessageId).toBeUndefined();
  });

  it('clears a group for me alone: gone from my history, search, media, stars and export, my row stays, empty and read; the others keep it all', async () => {
    const [ann, bob] = [await server().user('Ann Clears'), await server().user('Bob Clears')];
    const group = (await ann.client.post<Group>('/api/messages/groups', { name: 'Clearing club', memberIds: [bob.id] })).body;
    const sendToGroup = async (text: string, extra: object = {}) =>
      (await bob.client.post<Message>(`/api/messages/groups/${group._id}/send`, { text, ...extra })).body;
    const groupHistory = async (user: TestUser) =>
      ((await user.client.get(`/api/messages/groups/${group._id}/messages`)).body as Message[]).flatMap((message) => message.text ?? []);
    const annsRow = async () =>
      ((await ann.client.get('/api/messages/groups')).body as GroupEntry[]).find((entry) => entry.group._id === group._id)!;
    const starredOne = await sendToGroup('tidied words one', { image: toDataUrl(await pngBytes(40, 30), 'image/png') });
    const hiddenOne = await sendToGroup('tidied words two');
    const last = await sendToGroup('tidied words three', { mentions: [ann.id] });
    expect((await ann.client.post(`/api/messages/star/${starredOne._id}`)).status).toBe(204);
    expect((await ann.client.post(`/api/messages/delete-for-me/${group._id}`, { messageIds: [hiddenOne._id] })).status).toBe(200);
    const toAnnsDevices = server().published(ann.id);
    expect(await annsRow()).toMatchObject({ unreadCount: 3, mentioned: true });

    const cleared = await ann.client.post<Cleared>(`/api/messages/clear/${group._id}`);
    expect(cleared).toMatchObject({ status: 200, body: { upTo: last._id } });
    const everything = ((await ann.client.get(`/api/messages/groups/${group._id}/messages`)).body as Message[]).length;
    expect(everything, 'her history, the group’s first lines too').toBe(0);
    const emptied = await annsRow();
    expect([emptied.lastMessage, emptied.unreadCount, emptied.mentioned], 'her row stays, empty and read').toEqual([null, 0, undefined]);
    expect(await found(ann, 'tidied')).toEqual([]);
    await server().indexSearch();
    expect(await found(ann, 'tidied'), 'once indexed in blocks too').toEqual([]);
    expect((await ann.client.get(`/api/messages/shared/${group._id}?kind=media`)).body).toEqual([]);
    expect(await starred(ann)).toEqual([]);
    const files = unzipSync(new Uint8Array((await ann.client.get('/api/messages/export')).body as Buffer));
    expect(JSON.parse(strFromU8(files[`groups/${group._id}.json`]!))).toMatchObject({ messages: [] });
    expect(toAnnsDevices.filter((event) => event.event === 'conversationCleared')).toEqual([
      { event: 'conversationCleared', payload: { userId: group._id, upTo: last._id } },
    ] satisfies UserEvent[]);
    expect(await groupHistory(bob), 'Bob keeps every message').toEqual(['tidied words one', 'tidied words two', 'tidied words three']);
    expect(await found(bob, 'tidied')).toHaveLength(3);

    // What comes next shows as ever; a member removed after it clears what they had; someone never in it, nothing.
    await sendToGroup('after the clear');
    expect(await groupHistory(ann)).toEqual(['after the clear']);
    expect(await annsRow()).toMatchObject({ lastMessage: { text: 'after the clear' }, unreadCount: 1 });
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${bob.id}`)).status).toBe(204);
    expect((await bob.client.post(`/api/messages/clear/${group._id}`)).status).toBe(200);
    expect(await groupHistory(bob)).toEqual([]);
    const stranger = await server().user('Cat Clears');
    expect((await stranger.client.post(`/api/messages/clear/${group._id}`)).status, 'no group of hers').toBe(404);
  });

  it('deletes a group I left from everything of mine, on every device; the members keep it and still see who wrote; added back, I see it from then', async () => {
    const [ann, bob] = [await server().user('Ann Deletes'), await server().user('Bob Deletes')];
    const group = (await ann.client.post<Group>('/api/messages/groups', { name: 'Leaving club', memberIds: [bob.id] })).body;
    const sendToGroup = async (from: TestUser, text: string, extra: object = {}) =>
      (await from.client.post<Message>(`/api/messages/groups/${group._id}/send`, { text, ...extra })).body;
    const bobsGroups = async () => ((await bob.client.get('/api/messages/groups')).body as GroupEntry[]).map((entry) => entry.group._id);
    const photo = await sendToGroup(ann, 'farewell words photo', { image: toDataUrl(await pngBytes(40, 30), 'image/png') });
    await sendToGroup(bob, 'farewell words from Bob');
    expect((await bob.client.post(`/api/messages/star/${photo._id}`)).status).toBe(204);
    expect((await bob.client.post(`/api/messages/pin/${group._id}`)).status).toBe(204);
    await server().indexSearch();

    const whileIn = await bob.client.delete(`/api/messages/groups/${group._id}/chat`);
    expect({ status: whileIn.status, body: whileIn.body }, 'a member exits first').toEqual({
      status: 409,
      body: { message: GROUP_ERRORS.stillMember },
    });
    expect((await bob.client.delete(`/api/messages/groups/${group._id}/members/${bob.id}`)).status).toBe(204);
    expect(await bobsGroups(), 'left, he still has what he had').toEqual([group._id]);
    const toBobsDevices = server().published(bob.id);
    expect((await bob.client.delete(`/api/messages/groups/${group._id}/chat`)).status).toBe(204);

    expect(await bobsGroups()).toEqual([]);
    for (const path of [`groups/${group._id}`, `groups/${group._id}/messages`, `shared/${group._id}?kind=media`]) {
      expect((await bob.client.get(`/api/messages/${path}`)).status, path).toBe(404);
    }
    expect(await found(bob, 'farewell')).toEqual([]);
    expect(await starred(bob)).toEqual([]);
    expect((await bob.client.get(photo.image!)).status, 'its photo is not his to fetch any more').toBe(404);
    const files = unzipSync(new Uint8Array((await bob.client.get('/api/messages/export')).body as Buffer));
    expect(files[`groups/${group._id}.json`]).toBeUndefined();
    expect(toBobsDevices.filter((event) => event.event === 'groupChanged')).toEqual([
      { event: 'groupChanged', payload: { groupId: group._id, member: false } },
    ] satisfies UserEvent[]);
    expect((await bob.client.delete(`/api/messages/groups/${group._id}/chat`)).status, 'deleted already').toBe(404);
    // Ann keeps all of it, Bob's name on his message included.
    const annSees = (await ann.client.get<Group>(`/api/messages/groups/${group._id}`)).body;
    expect(annSees.people.map((person) => person._id)).toContain(bob.id);
    expect(await found(ann, 'farewell')).toHaveLength(2);

    // Added back, he sees the group from the line adding him.
    expect((await ann.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [bob.id] })).status).toBe(200);
    expect(await bobsGroups()).toEqual([group._id]);
    const history = (await bob.client.get(`/api/messages/groups/${group._id}/messages`)).body as Message[];
    expect(history.map((message) => message.system?.kind)).toEqual(['added']);
    const stranger = await server().user('Cat Deletes');
    expect((await stranger.client.delete(`/api/messages/groups/${group._id}/chat`)).status, 'no group of hers').toBe(404);
  });

  it('refuses a message of another conversation (deleting none of the list), a bad list, and a clear with nothing to clear', async () => {
    const [me, eve, fay] = [await server().user('Me Refuse'), await server().user('Eve Refuse'), await server().user('Fay Refuse')];
    const ours = await send(eve, me, 'ours');
    const theirs = await send(eve, fay, 'between Eve and Fay');
    const notOurs = await deleteForMe(me, eve, [ours._id, theirs._id]);
    expect(notOurs.status).toBe(404);
    expect(notOurs.body).toEqual({ message: 'Message not found' });
    expect(await historyOf(me, eve), 'nothing was deleted').toEqual(['ours']);
    for (const [body, message] of [
      [{ messageIds: [] }, 'messageIds must list 1 to 100 message ids'],
      [{ messageIds: ['hello'] }, 'messageIds must be message ids'],
      [{}, 'messageIds is required'],
    ] as const) {
      const bad = await me.client.post(`/api/messages/delete-for-me/${eve.id}`, body);
      expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: { message } });
    }
    const nothing = await me.client.post(`/api/messages/clear/${fay.id}`);
    expect(nothing.status).toBe(409);
    expect(nothing.body).toEqual({ message: CLEAR_ERRORS.noConversation });
    expect((await me.client.post('/api/messages/clear/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
