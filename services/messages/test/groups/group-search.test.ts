import type { Group, Message, MessageSearchResult } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('searching and starring a group’s messages', (server) => {
  const groupOf = async (creator: TestUser, members: TestUser[], name: string) => {
    const response = await creator.client.post<Group>('/api/messages/groups', { name, memberIds: members.map((member) => member.id) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const say = async (from: TestUser, group: Group, text: string) => {
    const response = await from.client.post<Message>(`/api/messages/groups/${group._id}/send`, { text });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  /** What a list of found or starred messages shows: the text, who said it, and the group's name (or none). */
  const shown = (results: MessageSearchResult[]) =>
    results.map(({ message, peer, group }) => [message.text, peer.fullName, group?.name ?? null]);
  const search = async (user: TestUser, query: string) => {
    const response = await user.client.get<MessageSearchResult[]>(`/api/messages/search?${query}`);
    expect(response.status, query).toBe(200);
    return shown(response.body);
  };

  it('finds a group’s messages for its members, named by the group and their sender, beside their conversations, newest first', async () => {
    const [ann, bob, cat] = [await server().user('Ann Picnic'), await server().user('Bob Picnic'), await server().user('Cat Picnic')];
    const group = await groupOf(ann, [bob], 'Picnic crew');
    await say(ann, group, 'Picnic on Sunday?');
    await ann.client.post(`/api/messages/send/${bob.id}`, { text: 'picnic secret, just us' });
    await say(bob, group, 'I bring the picnic basket');

    const expected = [
      ['I bring the picnic basket', 'Bob Picnic', 'Picnic crew'],
      ['picnic secret, just us', 'Ann Picnic', null],
      ['Picnic on Sunday?', 'Ann Picnic', 'Picnic crew'],
    ];
    expect(await search(bob, 'q=picnic')).toEqual(expected);
    expect(await search(ann, 'q=picnic'), 'Ann’s own, each once').toEqual([
      expected[0],
      ['picnic secret, just us', 'Bob Picnic', null],
      expected[2],
    ]);
    expect(await search(bob, `q=picnic&with=${group._id}`), 'the group alone').toEqual([expected[0], expected[2]]);
    expect(await search(bob, `q=picnic&with=${ann.id}`), 'the conversation with Ann alone').toEqual([expected[1]]);
    expect(await search(bob, 'q=picnic&limit=1'), 'a page of one').toEqual([expected[0]]);
    expect(await search(cat, 'q=picnic'), 'not in it: nothing').toEqual([]);
    expect(await search(cat, `q=picnic&with=${group._id}`)).toEqual([]);
    const [found] = (await bob.client.get<MessageSearchResult[]>('/api/messages/search?q=basket')).body;
    expect(found?.group).toEqual({ _id: group._id, name: 'Picnic crew', picture: '' });
  });

  it('finds only what a member may see: from when they joined, up to when they were removed, but what they deleted for themselves', async () => {
    const [ann, bob, cat] = [await server().user('Ann Window'), await server().user('Bob Window'), await server().user('Cat Window')];
    const group = await groupOf(ann, [bob], 'Window group');
    await say(ann, group, 'tickets before Cat');
    expect((await ann.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [cat.id] })).status).toBe(200);
    const hidden = await say(ann, group, 'tickets Bob deletes for himself');
    await say(ann, group, 'tickets with Cat');
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${cat.id}`)).status).toBe(204);
    await say(ann, group, 'tickets after Cat');
    expect((await bob.client.post(`/api/messages/delete-for-me/${group._id}`, { messageIds: [hidden._id] })).status).toBe(200);

    const texts = async (user: TestUser) => (await search(user, 'q=tickets')).map(([text]) => text);
    expect(await texts(cat)).toEqual(['tickets with Cat', 'tickets Bob deletes for himself']);
    expect(await texts(bob)).toEqual(['tickets after Cat', 'tickets with Cat', 'tickets before Cat']);
  });

  it('finds a group’s messages in its index as in its newest ones: a rare word far behind the newest blocks, a common one, paged', async () => {
    const [ann, bob] = [await server().user('Ann Indexed Group'), await server().user('Bob Indexed Group')];
    const group = await groupOf(ann, [bob], 'Indexed group');
    // Many full blocks after it, of which a search reads the newest two one by one: the needle only the words' index finds.
    const needle = await say(bob, group, 'a golden needle');
    await server().db.query(
      `INSERT INTO messages (sender_id, receiver_id, group_id, text)
       SELECT CASE WHEN n % 2 = 0 THEN $1::uuid ELSE $2::uuid END, $3::uuid, $3::uuid, 'hay ' || n FROM generate_series(1, 1100) n`,
      [ann.id, bob.id, group._id],
    );
    for (const state of ['every message in the tail', 'indexed in blocks']) {
      if (state === 'indexed in blocks') await server().indexSearch();
      expect(await search(ann, 'q=needle'), state).toEqual([['a golden needle', 'Bob Indexed Group', 'Indexed group']]);
      const page = await ann.client.get<MessageSearchResult[]>(`/api/messages/search?q=hay&limit=3`);
      expect(
        shown(page.body).map(([text]) => text),
        state,
      ).toEqual(['hay 1100', 'hay 1099', 'hay 1098']);
      const next = await ann.client.get<MessageSearchResult[]>(
        `/api/messages/search?q=hay&limit=2&before=${page.body.at(-1)!.message._id}`,
      );
      expect(
        shown(next.body).map(([text]) => text),
        state,
      ).toEqual(['hay 1097', 'hay 1096']);
    }
    expect((await ann.client.post(`/api/messages/delete/${needle._id}`)).status, 'an admin deletes Bob’s').toBe(200);
    expect(await search(ann, 'q=needle'), 'deleted: not found').toEqual([]);
  });

  it('stars a group’s message for me alone: marked in the group’s history, listed with the group, on every device of mine', async () => {
    const [ann, bob] = [await server().user('Ann Starry Group'), await server().user('Bob Starry Group')];
    const group = await groupOf(ann, [bob], 'Starry group');
    const plan = await say(ann, group, 'Meet at the north gate');
    await bob.client.post(`/api/messages/send/${ann.id}`, { text: 'Just between us' });
    const toMyDevices = server().published(bob.id);

    expect((await bob.client.post(`/api/messages/star/${plan._id}`)).status).toBe(204);
    const history = (await bob.client.get<Message[]>(`/api/messages/groups/${group._id}/messages`)).body;
    expect(history.filter((message) => message.starred).map((message) => message.text)).toEqual(['Meet at the north gate']);
    const annsHistory = (await ann.client.get<Message[]>(`/api/messages/groups/${group._id}/messages`)).body;
    expect(
      annsHistory.some((message) => message.starred),
      'Ann sees no star of Bob’s',
    ).toBe(false);
    const starred = async (query = '') => shown((await bob.client.get<MessageSearchResult[]>(`/api/messages/starred${query}`)).body);
    expect(await starred()).toEqual([['Meet at the north gate', 'Ann Starry Group', 'Starry group']]);
    expect(await starred(`?with=${group._id}`)).toEqual([['Meet at the north gate', 'Ann Starry Group', 'Starry group']]);
    expect(await starred(`?with=${ann.id}`), 'not of the conversation with Ann').toEqual([]);
    expect(toMyDevices.filter((event) => event.event === 'messageStarred')).toEqual([
      { event: 'messageStarred', payload: { messageId: plan._id, userId: group._id, starred: true } },
    ]);

    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${bob.id}`)).status).toBe(204);
    expect(await starred(), 'kept after leaving, as what he saw is').toEqual([
      ['Meet at the north gate', 'Ann Starry Group', 'Starry group'],
    ]);
  });
});
