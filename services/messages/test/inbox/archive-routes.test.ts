import { randomUUID } from 'node:crypto';
import { ARCHIVE_ERRORS, ARCHIVED_COUNT_HEADER, NEXT_CURSOR_HEADER, type InboxEntry, type UserEvent } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('archived conversations', (server) => {
  const send = async (from: TestUser, to: TestUser, text: string) => {
    expect((await from.client.post(`/api/messages/send/${to.id}`, { text })).status).toBe(201);
  };
  const archive = (user: TestUser, peer: { id: string }) => user.client.post(`/api/messages/archive/${peer.id}`);
  const unarchive = (user: TestUser, peer: { id: string }) => user.client.post(`/api/messages/unarchive/${peer.id}`);
  /** A page, with only these users' entries named (other tests' users share the database), pinned ones marked. */
  const page = async (user: TestUser, among: TestUser[], query = '') => {
    const response = await user.client.get(`/api/messages/users${query}`);
    expect(response.status).toBe(200);
    const names = (response.body as InboxEntry[])
      .filter((entry) => among.some((other) => other.id === entry._id))
      .map((entry) => (entry.pinned ? `📌 ${entry.fullName}` : entry.fullName));
    return { names, archived: response.headers.get(ARCHIVED_COUNT_HEADER), next: response.headers.get(NEXT_CURSOR_HEADER) };
  };

  it('moves a conversation out of the inbox into the archive, on every device of mine; a new message in it brings it back', async () => {
    const [me, ann, bob] = [await server().user('Me Archives'), await server().user('Ann Archives'), await server().user('Bob Archives')];
    await send(ann, me, 'old news');
    await send(bob, me, 'hello');
    const toMyDevices = server().published(me.id);
    expect(await page(me, [ann, bob])).toMatchObject({ names: ['Bob Archives', 'Ann Archives'], archived: '0' });

    expect((await archive(me, ann)).status).toBe(204);
    expect(await page(me, [ann, bob])).toMatchObject({ names: ['Bob Archives'], archived: '1' });
    expect(await page(me, [ann, bob], '?archived=true')).toMatchObject({ names: ['Ann Archives'], archived: '1' });
    expect((await page(me, [ann, bob], '?q=ann')).names, 'a search finds it still').toEqual(['Ann Archives']);
    const found = (await me.client.get('/api/messages/users?q=ann archives')).body as InboxEntry[];
    expect(found.map((entry) => [entry.fullName, entry.archived])).toEqual([['Ann Archives', true]]);
    expect((await page(ann, [me])).names, 'Ann’s inbox is hers').toEqual(['Me Archives']);

    await send(ann, me, 'are you there?');
    expect(await page(me, [ann, bob])).toMatchObject({ names: ['Ann Archives', 'Bob Archives'], archived: '0' });
    expect(toMyDevices.filter((event) => event.event === 'conversationArchived')).toEqual([
      { event: 'conversationArchived', payload: { userId: ann.id, archived: true } },
    ] satisfies UserEvent[]);
  });

  it('unpins what it archives, takes out of the archive what is pinned or unarchived, and pages the archive', async () => {
    const [me, ann, bob, cat] = [
      await server().user('Me Shelves'),
      await server().user('Ann Shelves'),
      await server().user('Bob Shelves'),
      await server().user('Cat Shelves'),
    ];
    for (const other of [ann, bob, cat]) await send(me, other, 'hi');
    await me.client.post(`/api/messages/pin/${ann.id}`);
    for (const other of [ann, bob, cat]) expect((await archive(me, other)).status).toBe(204);
    expect(await page(me, [ann, bob, cat], '?archived=true')).toMatchObject({
      names: ['Cat Shelves', 'Bob Shelves', 'Ann Shelves'],
      archived: '3',
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: { names: string[]; next: string | null } = await page(
        me,
        [ann, bob, cat],
        `?archived=true&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...next.names);
      cursor = next.next;
    } while (cursor);
    expect(seen).toEqual(['Cat Shelves', 'Bob Shelves', 'Ann Shelves']);

    expect((await unarchive(me, bob)).status).toBe(204);
    expect((await me.client.post(`/api/messages/pin/${cat.id}`)).status).toBe(204);
    expect(await page(me, [ann, bob, cat])).toMatchObject({ names: ['📌 Cat Shelves', 'Bob Shelves'], archived: '1' });
    expect((await page(me, [ann, bob, cat], '?archived=true')).names).toEqual(['Ann Shelves']);
  });

  it('refuses to archive without a conversation, or someone unknown, saying why', async () => {
    const [me, stranger] = [await server().user('Me Refused Archive'), await server().user('Stranger Refused Archive')];
    const refused = await archive(me, stranger);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: ARCHIVE_ERRORS.noConversation });
    const unknown = await archive(me, { id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect((await me.client.get('/api/messages/users?archived=maybe')).status).toBe(400);
  });
});
