import { GROUP_ERRORS, MESSAGE_ERRORS, subjects, type Group, type GroupEvent, type Message, type UserEvent } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('pinned messages', (server) => {
  const send = async (from: TestUser, to: TestUser, text: string) =>
    (await from.client.post<Message>(`/api/messages/send/${to.id}`, { text })).body;
  const pin = (user: TestUser, message: Message) => user.client.post<Message>(`/api/messages/pin-message/${message._id}`);
  const unpin = (user: TestUser, message: Message) => user.client.post<Message>(`/api/messages/unpin-message/${message._id}`);
  const pinnedIn = async (user: TestUser, chatId: string) => {
    const response = await user.client.get<Message[]>(`/api/messages/pinned/${chatId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.map((message) => message.text);
  };
  /** What each `messageUpdated` told: the message's text, and whether it is pinned now. */
  const pinsTold = (events: (UserEvent | GroupEvent)[]) =>
    events.flatMap((event) => (event.event === 'messageUpdated' ? [[event.payload.text, Boolean(event.payload.pinnedAt)]] : []));

  it('pins up to three messages of a conversation for both of us, the latest first; a fourth unpins the oldest, everyone told', async () => {
    const [ann, bob] = [await server().user('Ann Pins'), await server().user('Bob Pins')];
    const [one, two, three, four] = [
      await send(ann, bob, 'one'),
      await send(bob, ann, 'two'),
      await send(ann, bob, 'three'),
      await send(bob, ann, 'four'),
    ];
    const [toAnn, toBob] = [server().published(ann.id), server().published(bob.id)];
    const pinned = await pin(ann, one);
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinnedAt).toEqual(expect.any(String));
    expect((await pin(bob, two)).status).toBe(200);
    expect((await pin(ann, three)).status).toBe(200);
    expect(await pinnedIn(ann, bob.id)).toEqual(['three', 'two', 'one']);
    expect(await pinnedIn(bob, ann.id), 'the same for both').toEqual(['three', 'two', 'one']);

    expect((await pin(bob, four)).status).toBe(200);
    expect(await pinnedIn(ann, bob.id)).toEqual(['four', 'three', 'two']);
    for (const events of [toAnn, toBob]) {
      await expect
        .poll(() => pinsTold(events))
        .toEqual([
          ['one', true],
          ['two', true],
          ['three', true],
          ['four', true],
          ['one', false],
        ]);
    }
    expect((await pin(ann, two)).status, 'pinned again, it keeps its place').toBe(200);
    expect(await pinnedIn(bob, ann.id)).toEqual(['four', 'three', 'two']);
    expect((await unpin(bob, three)).body.pinnedAt).toBeUndefined();
    expect(await pinnedIn(ann, bob.id)).toEqual(['four', 'two']);
    const history = (await ann.client.get<Message[]>(`/api/messages/${bob.id}`)).body;
    expect(history.filter((message) => message.pinnedAt).map((message) => message.text)).toEqual(['two', 'four']);
  });

  it('unpins what is deleted for everyone, and leaves out what I deleted for me or cleared', async () => {
    const [ann, bob] = [await server().user('Ann Unpins'), await server().user('Bob Unpins')];
    const [kept, gone, mine] = [await send(ann, bob, 'kept'), await send(ann, bob, 'gone'), await send(bob, ann, 'mine')];
    for (const message of [kept, gone, mine]) expect((await pin(ann, message)).status).toBe(200);
    expect((await ann.client.post(`/api/messages/delete/${gone._id}`)).status).toBe(200);
    expect(await pinnedIn(bob, ann.id)).toEqual(['mine', 'kept']);
    const refused = await pin(ann, gone);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { message: MESSAGE_ERRORS.pinDeleted } });
    expect((await bob.client.post(`/api/messages/delete-for-me/${ann.id}`, { messageIds: [mine._id] })).status).toBe(200);
    expect(await pinnedIn(bob, ann.id), 'Bob deleted it for himself').toEqual(['kept']);
    expect(await pinnedIn(ann, bob.id)).toEqual(['mine', 'kept']);
    expect((await ann.client.post(`/api/messages/clear/${bob.id}`)).status).toBe(200);
    expect(await pinnedIn(ann, bob.id), 'Ann cleared the chat').toEqual([]);
    expect(await pinnedIn(bob, ann.id)).toEqual(['kept']);

    const stranger = await server().user('Cat Unpins');
    expect((await pin(stranger, kept)).status, 'not hers to pin').toBe(404);
    expect((await stranger.client.post('/api/messages/pin-message/not-a-number')).status).toBe(400);
  });

  it('pins in a group for all its members, its admins alone where only admins edit its info; someone removed sees what they had', async () => {
    const [ann, bob, cat] = [
      await server().user('Ann Group Pins'),
      await server().user('Bob Group Pins'),
      await server().user('Cat Group Pins'),
    ];
    const group = (await ann.client.post<Group>('/api/messages/groups', { name: 'Pinners', memberIds: [bob.id, cat.id] })).body;
    const say = async (from: TestUser, text: string) =>
      (await from.client.post<Message>(`/api/messages/groups/${group._id}/send`, { text })).body;
    const onGroup: GroupEvent[] = [];
    server().bus.subscribe(subjects.groupEvents(group._id), (payload) => void onGroup.push(JSON.parse(payload)));
    const rules = await say(ann, 'the rules');
    expect((await pin(bob, rules)).status).toBe(200);
    await expect.poll(() => pinsTold(onGroup)).toEqual([['the rules', true]]);
    expect(await pinnedIn(cat, group._id)).toEqual(['the rules']);

    expect((await ann.client.put(`/api/messages/groups/${group._id}`, { onlyAdminsEdit: true })).status).toBe(200);
    const plan = await say(bob, 'the plan');
    const refused = await pin(bob, plan);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { message: GROUP_ERRORS.onlyAdminsPin } });
    expect((await pin(ann, plan)).status).toBe(200);
    expect(await pinnedIn(bob, group._id)).toEqual(['the plan', 'the rules']);

    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${cat.id}`)).status).toBe(204);
    const later = await say(ann, 'after Cat');
    expect((await pin(ann, later)).status).toBe(200);
    expect(await pinnedIn(cat, group._id), 'what she had, not what came after').toEqual(['the plan', 'the rules']);
    expect((await pin(cat, rules)).status, 'no longer hers to pin').toBe(404);
    const stranger = await server().user('Dan Group Pins');
    expect((await stranger.client.get(`/api/messages/pinned/${group._id}`)).status).toBe(404);
  });
});
