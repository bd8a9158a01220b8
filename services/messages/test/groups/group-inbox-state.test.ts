import { MAX_PINNED_CONVERSATIONS, PIN_ERRORS, type Group, type GroupEntry, type InboxEntry, type UserEvent } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('a group in my inbox: pinned, archived, marked unread', (server) => {
  const groupOf = async (creator: TestUser, members: TestUser[], name: string) => {
    const response = await creator.client.post<Group>('/api/messages/groups', { name, memberIds: members.map((member) => member.id) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const entryOf = async (user: TestUser, group: Group) => {
    const groups = (await user.client.get<GroupEntry[]>('/api/messages/groups')).body;
    return groups.find((entry) => entry.group._id === group._id)!;
  };
  const toggle = (user: TestUser, verb: string, id: string) => user.client.post(`/api/messages/${verb}/${id}`);
  const mine = (events: UserEvent[], name: UserEvent['event']) => events.filter((event) => event.event === name);

  it('pins a group among my pinned conversations, when I pinned it said, on every device of mine, for me alone', async () => {
    const [me, ann, bob] = [
      await server().user('Me Pinned Group'),
      await server().user('Ann Pinned Group'),
      await server().user('Bob Pinned Group'),
    ];
    const group = await groupOf(ann, [me, bob], 'Pinned hikers');
    expect((await ann.client.post(`/api/messages/send/${me.id}`, { text: 'hi' })).status).toBe(201);
    const toMyDevices = server().published(me.id);

    expect((await toggle(me, 'pin', ann.id)).status).toBe(204);
    expect((await toggle(me, 'pin', group._id)).status).toBe(204);
    const pinned = await entryOf(me, group);
    const [annsEntry] = (await me.client.get<InboxEntry[]>('/api/messages/users')).body.filter((entry) => entry._id === ann.id);
    // The group was pinned after Ann's conversation: it heads the pinned ones.
    expect(Date.parse(pinned.pinnedAt!)).toBeGreaterThanOrEqual(Date.parse(annsEntry!.pinnedAt!));
    expect((await entryOf(ann, group)).pinnedAt, 'mine alone').toBeUndefined();

    expect((await toggle(me, 'unpin', group._id)).status).toBe(204);
    expect((await entryOf(me, group)).pinnedAt).toBeUndefined();
    expect(mine(toMyDevices, 'conversationPinned')).toEqual([
      { event: 'conversationPinned', payload: { userId: ann.id, pinned: true } },
      { event: 'conversationPinned', payload: { userId: group._id, pinned: true } },
      { event: 'conversationPinned', payload: { userId: group._id, pinned: false } },
    ]);
  });

  it('holds groups and conversations together to the pin limit', async () => {
    const me = await server().user('Me Pin Limit Group');
    const groups = [];
    for (let index = 0; index <= MAX_PINNED_CONVERSATIONS; index++) groups.push(await groupOf(me, [], `Pin limit ${index}`));
    const ann = await server().user('Ann Pin Limit Group');
    expect((await ann.client.post(`/api/messages/send/${me.id}`, { text: 'hi' })).status).toBe(201);
    expect((await toggle(me, 'pin', ann.id)).status).toBe(204);
    for (const group of groups.slice(0, MAX_PINNED_CONVERSATIONS - 1)) expect((await toggle(me, 'pin', group._id)).status).toBe(204);
    const refused = await toggle(me, 'pin', groups.at(-1)!._id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: PIN_ERRORS.tooMany });
    expect((await entryOf(me, groups.at(-1)!)).pinnedAt).toBeUndefined();
    // Pinned again, one keeps its place and is no new pin.
    expect((await toggle(me, 'pin', groups[0]!._id)).status).toBe(204);
  });

  it('archives a group (unpinned) until someone writes in it, or I take it out', async () => {
    const [me, ann] = [await server().user('Me Archived Group'), await server().user('Ann Archived Group')];
    const group = await groupOf(ann, [me], 'Archived hikers');
    const toMyDevices = server().published(me.id);
    await toggle(me, 'pin', group._id);
    expect((await toggle(me, 'archive', group._id)).status).toBe(204);
    expect(await entryOf(me, group)).toMatchObject({ archived: true });
    expect((await entryOf(me, group)).pinnedAt, 'an archived group is not pinned').toBeUndefined();
    expect((await entryOf(ann, group)).archived, 'mine alone').toBeUndefined();

    expect((await ann.client.post(`/api/messages/groups/${group._id}/send`, { text: 'Back in the inbox?' })).status).toBe(201);
    expect((await entryOf(me, group)).archived, 'a new message brings it back').toBeUndefined();

    await toggle(me, 'archive', group._id);
    expect((await toggle(me, 'unarchive', group._id)).status).toBe(204);
    expect((await entryOf(me, group)).archived).toBeUndefined();
    expect(mine(toMyDevices, 'conversationArchived').map(({ payload }) => payload)).toEqual([
      { userId: group._id, archived: true },
      { userId: group._id, archived: true },
      { userId: group._id, archived: false },
    ]);
  });

  it('marks a group unread to come back to it, and clears the mark', async () => {
    const [me, ann] = [await server().user('Me Unread Group'), await server().user('Ann Unread Group')];
    const group = await groupOf(ann, [me], 'Unread hikers');
    expect((await toggle(me, 'mark-unread', group._id)).status).toBe(204);
    expect(await entryOf(me, group)).toMatchObject({ markedUnread: true });
    expect((await entryOf(ann, group)).markedUnread).toBeUndefined();
    expect((await toggle(me, 'unmark-unread', group._id)).status).toBe(204);
    expect((await entryOf(me, group)).markedUnread).toBeUndefined();
  });

  it('keeps a group’s state for one removed from it, and refuses a group I was never in as an unknown user', async () => {
    const [me, ann, stranger] = [
      await server().user('Me Removed Group'),
      await server().user('Ann Removed Group'),
      await server().user('Stranger Group'),
    ];
    const group = await groupOf(ann, [me], 'Removed hikers');
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${me.id}`)).status).toBe(204);
    expect((await toggle(me, 'archive', group._id)).status).toBe(204);
    expect(await entryOf(me, group)).toMatchObject({ archived: true, group: { removed: true } });
    const refused = await toggle(stranger, 'pin', group._id);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'User not found' });
  });
});
