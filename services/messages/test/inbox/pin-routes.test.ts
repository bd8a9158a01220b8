import { randomUUID } from 'node:crypto';
import { MAX_PINNED_CONVERSATIONS, NEXT_CURSOR_HEADER, PIN_ERRORS, type InboxEntry, type UserEvent } from '@chat/contracts';
import { expect, it } from 'vitest';
import { eventually } from '#test-support';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('pinned conversations', (server) => {
  const send = async (from: TestUser, to: TestUser, text: string) => {
    expect((await from.client.post(`/api/messages/send/${to.id}`, { text })).status).toBe(201);
  };
  const pin = (user: TestUser, peer: { id: string }) => user.client.post(`/api/messages/pin/${peer.id}`);
  const unpin = (user: TestUser, peer: { id: string }) => user.client.post(`/api/messages/unpin/${peer.id}`);
  const page = async (user: TestUser, query = '') => {
    const response = await user.client.get(`/api/messages/users${query}`);
    expect(response.status).toBe(200);
    return { entries: response.body as InboxEntry[], next: response.headers.get(NEXT_CURSOR_HEADER) };
  };
  /** The names in my inbox's first page of these users only (other tests' users share the database), pinned ones marked. */
  const inboxOf = async (user: TestUser, among: TestUser[], query = '') =>
    (await page(user, query)).entries
      .filter((entry) => among.some((other) => other.id === entry._id))
      .map((entry) => (entry.pinned ? `📌 ${entry.fullName}` : entry.fullName));
  const pins = (events: UserEvent[]) => events.filter((event) => event.event === 'conversationPinned');

  it('puts the conversations I pin first, the latest pinned first, on every device of mine; unpinned, one goes back by its latest message', async () => {
    const me = await server().user('Me Pins');
    const [ann, bob, cat] = [await server().user('Ann Pins'), await server().user('Bob Pins'), await server().user('Cat Pins')];
    const everyone = [ann, bob, cat];
    for (const other of everyone) await send(other, me, `hi from ${other.fullName}`);
    expect(await inboxOf(me, everyone)).toEqual(['Cat Pins', 'Bob Pins', 'Ann Pins']);
    const toMyDevices = server().published(me.id);
    const toAnn = server().published(ann.id);

    expect((await pin(me, ann)).status).toBe(204);
    expect(await inboxOf(me, everyone)).toEqual(['📌 Ann Pins', 'Cat Pins', 'Bob Pins']);
    expect((await pin(me, bob)).status).toBe(204);
    expect(await inboxOf(me, everyone)).toEqual(['📌 Bob Pins', '📌 Ann Pins', 'Cat Pins']);
    // Pinned again: it keeps its place.
    expect((await pin(me, ann)).status).toBe(204);
    expect(await inboxOf(me, everyone)).toEqual(['📌 Bob Pins', '📌 Ann Pins', 'Cat Pins']);
    // A new message moves its conversation to the top of the others, below the pinned ones.
    await send(cat, me, 'still here');
    await send(ann, me, 'me too');
    expect(await inboxOf(me, everyone)).toEqual(['📌 Bob Pins', '📌 Ann Pins', 'Cat Pins']);
    // Mine alone: Ann's inbox is hers.
    expect(await inboxOf(ann, [me])).toEqual(['Me Pins']);

    expect((await unpin(me, bob)).status).toBe(204);
    expect(await inboxOf(me, everyone)).toEqual(['📌 Ann Pins', 'Cat Pins', 'Bob Pins']);
    expect(pins(toMyDevices)).toEqual([
      { event: 'conversationPinned', payload: { userId: ann.id, pinned: true } },
      { event: 'conversationPinned', payload: { userId: bob.id, pinned: true } },
      { event: 'conversationPinned', payload: { userId: ann.id, pinned: true } },
      { event: 'conversationPinned', payload: { userId: bob.id, pinned: false } },
    ]);
    expect(pins(toAnn), 'nothing told to the person pinned').toEqual([]);
    // Searches and "Show online only" say which are pinned too.
    expect((await inboxOf(me, everyone, '?q=pins')).sort()).toEqual(['Bob Pins', 'Cat Pins', '📌 Ann Pins']);
    await server().presence.connect(ann.id);
    await server().presence.connect(cat.id);
    await eventually(async () => (await inboxOf(me, everyone, '?online=true')).length === 2, 'Ann and Cat listed online');
    expect(await inboxOf(me, everyone, '?online=true')).toEqual(['📌 Ann Pins', 'Cat Pins']);
  });

  it('pages through the pinned conversations, the others and everyone else, each once and in order', async () => {
    const me = await server().user('Me Paging Pins');
    const people: TestUser[] = [];
    for (const name of ['Ann', 'Bob', 'Cat', 'Dan', 'Eve']) people.push(await server().user(`${name} Paging Pins`));
    const [ann, bob, cat, dan] = people as [TestUser, TestUser, TestUser, TestUser];
    for (const other of [ann, bob, cat, dan]) await send(me, other, 'hello');
    for (const other of [bob, dan]) expect((await pin(me, other)).status).toBe(204);
    const expected = ['📌 Dan Paging Pins', '📌 Bob Paging Pins', 'Cat Paging Pins', 'Ann Paging Pins'];
    expect((await inboxOf(me, people)).slice(0, 4)).toEqual(expected);

    for (const limit of [1, 2, 3]) {
      const seen: InboxEntry[] = [];
      let cursor: string | null = null;
      do {
        const next: { entries: InboxEntry[]; next: string | null } = await page(me, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(next.entries.length).toBeLessThanOrEqual(limit);
        seen.push(...next.entries);
        cursor = next.next;
      } while (cursor);
      const mine = seen.filter((entry) => people.some((other) => other.id === entry._id));
      expect(mine.map((entry) => (entry.pinned ? `📌 ${entry.fullName}` : entry.fullName)).slice(0, 4), `pages of ${limit}`).toEqual(
        expected,
      );
      expect(mine.map((entry) => entry.fullName)).toContain('Eve Paging Pins');
      expect(new Set(seen.map((entry) => entry._id)).size, `pages of ${limit}: each once`).toBe(seen.length);
    }
  });

  it(`refuses a pin without a conversation, past ${MAX_PINNED_CONVERSATIONS}, or of someone unknown, saying why`, async () => {
    const me = await server().user('Me Pin Limits');
    const others: TestUser[] = [];
    for (let i = 0; i <= MAX_PINNED_CONVERSATIONS; i++) {
      const other = await server().user(`Friend${i} Pin Limits`);
      await send(other, me, 'hi');
      others.push(other);
    }
    const stranger = await server().user('Stranger Pin Limits');
    const noConversation = await pin(me, stranger);
    expect(noConversation.status).toBe(409);
    expect(noConversation.body).toEqual({ message: PIN_ERRORS.noConversation });

    for (const other of others.slice(0, MAX_PINNED_CONVERSATIONS)) expect((await pin(me, other)).status).toBe(204);
    const tooMany = await pin(me, others.at(-1)!);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ message: PIN_ERRORS.tooMany });
    expect((await pin(me, others[0]!)).status, 'one pinned already may be pinned again').toBe(204);
    expect((await unpin(me, others[0]!)).status).toBe(204);
    expect((await pin(me, others.at(-1)!)).status, 'room again once one is unpinned').toBe(204);

    const unknown = await pin(me, { id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    expect((await pin(me, { id: 'not-an-id' })).status).toBe(400);
    expect((await unpin(me, stranger)).status, 'unpinning what is not pinned changes nothing').toBe(204);
  });
});
