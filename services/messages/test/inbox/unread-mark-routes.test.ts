import { UNREAD_MARK_ERRORS, type InboxEntry, type UserEvent } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('conversations marked unread', (server) => {
  const markedIn = async (user: TestUser, among: TestUser[], query = '') =>
    ((await user.client.get(`/api/messages/users${query}`)).body as InboxEntry[])
      .filter((entry) => among.some((other) => other.id === entry._id))
      .map((entry) => [entry.fullName, Boolean(entry.markedUnread)]);

  it('marks a conversation unread on every device of mine until I clear the mark, in the inbox, a search and the archive', async () => {
    const [me, ann, bob] = [await server().user('Me Marks'), await server().user('Ann Marks'), await server().user('Bob Marks')];
    for (const other of [ann, bob]) expect((await other.client.post(`/api/messages/send/${me.id}`, { text: 'hi' })).status).toBe(201);
    const toMyDevices = server().published(me.id);
    expect((await me.client.post(`/api/messages/mark-unread/${ann.id}`)).status).toBe(204);
    expect(await markedIn(me, [ann, bob])).toEqual([
      ['Bob Marks', false],
      ['Ann Marks', true],
    ]);
    expect(await markedIn(me, [ann], '?q=ann marks')).toEqual([['Ann Marks', true]]);
    expect(await markedIn(ann, [me]), 'Ann sees nothing of it').toEqual([['Me Marks', false]]);
    await me.client.post(`/api/messages/archive/${ann.id}`);
    expect(await markedIn(me, [ann], '?archived=true')).toEqual([['Ann Marks', true]]);

    expect((await me.client.post(`/api/messages/unmark-unread/${ann.id}`)).status).toBe(204);
    expect(await markedIn(me, [ann], '?archived=true')).toEqual([['Ann Marks', false]]);
    expect(toMyDevices.filter((event) => event.event === 'conversationMarkedUnread')).toEqual([
      { event: 'conversationMarkedUnread', payload: { userId: ann.id, markedUnread: true } },
      { event: 'conversationMarkedUnread', payload: { userId: ann.id, markedUnread: false } },
    ] satisfies UserEvent[]);
  });

  it('refuses to mark a conversation that has no message yet, saying why', async () => {
    const [me, stranger] = [await server().user('Me Marks Nothing'), await server().user('Stranger Marks')];
    const refused = await me.client.post(`/api/messages/mark-unread/${stranger.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: UNREAD_MARK_ERRORS.noConversation });
    expect((await me.client.post(`/api/messages/unmark-unread/${stranger.id}`)).status, 'nothing to clear: fine').toBe(204);
  });
});
