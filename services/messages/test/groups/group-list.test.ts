import { NEXT_CURSOR_HEADER, type Group, type GroupEntry } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('my groups, a page at a time', (server) => {
  const groupOf = async (creator: TestUser, name: string) => {
    const response = await creator.client.post<Group>('/api/messages/groups', { name });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const page = async (user: TestUser, query: string) => {
    const response = await user.client.get<GroupEntry[]>(`/api/messages/groups${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { names: response.body.map((entry) => entry.group.name), next: response.headers.get(NEXT_CURSOR_HEADER) };
  };
  const write = async (user: TestUser, group: Group, text: string) =>
    expect((await user.client.post(`/api/messages/groups/${group._id}/send`, { text })).status).toBe(201);

  it('lists the groups I pinned on the first page, then the others by latest activity, each once, to the last page', async () => {
    const me = await server().user('Me Paged Groups');
    // Each made with its first line ("created"), one after the other: the later made, the later its activity.
    const oldest = await groupOf(me, 'Oldest');
    const pinned = await groupOf(me, 'Pinned');
    const middle = await groupOf(me, 'Middle');
    await groupOf(me, 'Quiet');
    await groupOf(me, 'Newest');
    await write(me, middle, 'later');
    await write(me, oldest, 'latest of all');
    expect((await me.client.post(`/api/messages/pin/${pinned._id}`)).status).toBe(204);

    // Each page by latest activity; the pinned one on the first, whatever its activity, beside the page's two.
    const first = await page(me, '?limit=2');
    expect(first.names).toEqual(['Oldest', 'Middle', 'Pinned']);
    const second = await page(me, `?limit=2&cursor=${first.next}`);
    expect(second.names).toEqual(['Newest', 'Quiet']);
    // A page that ends with the last group says so: no empty page to ask for.
    expect(second.next).toBeNull();
    expect((await page(me, '')).names, 'all on one page when they fit').toEqual(['Oldest', 'Middle', 'Newest', 'Quiet', 'Pinned']);
  });

  it('lists the groups a person and I are both in now, by name, for their contact info', async () => {
    const [ann, bob, cat] = [await server().user('Ann Common'), await server().user('Bob Common'), await server().user('Cat Common')];
    const make = async (name: string, memberIds: string[]) => {
      const response = await ann.client.post<Group>('/api/messages/groups', { name, memberIds });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };
    await make('Zebra crossing', [bob.id]);
    await make('alpine club', [bob.id, cat.id]);
    await make('Cats only', [cat.id]);
    const left = await make('Bob left this', [bob.id]);
    expect((await bob.client.delete(`/api/messages/groups/${left._id}/members/${bob.id}`)).status).toBe(204);
    const inCommon = async (user: TestUser, peer: TestUser) => {
      const response = await user.client.get<Group[]>(`/api/messages/contact/${peer.id}/groups`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.map((group) => [group.name, group.memberCount]);
    };
    expect(await inCommon(ann, bob)).toEqual([
      ['alpine club', 3],
      ['Zebra crossing', 2],
    ]);
    expect(await inCommon(bob, ann), 'the same both ways').toEqual(await inCommon(ann, bob));
    expect(await inCommon(bob, cat)).toEqual([['alpine club', 3]]);
    const stranger = await server().user('Dan Common');
    expect(await inCommon(stranger, ann)).toEqual([]);
    expect((await ann.client.get('/api/messages/contact/not-an-id/groups')).status).toBe(400);
  });

  it('refuses a cursor it did not make and a limit out of range, in words', async () => {
    const me = await server().user('Me Bad Group Pages');
    for (const query of ['?cursor=bm90LW91cnM', '?cursor=!', '?limit=0', '?limit=101', '?limit=ten']) {
      const response = await me.client.get(`/api/messages/groups${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual({
        message: query.startsWith('?cursor') ? 'Invalid cursor' : 'limit must be an integer from 1 to 100',
      });
    }
  });
});
