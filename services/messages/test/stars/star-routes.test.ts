import { STAR_ERRORS, type Message, type MessageSearchResult, type UserEvent } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('starred messages', (server) => {
  const send = async (from: TestUser, to: TestUser, text: string) =>
    (await from.client.post<Message>(`/api/messages/send/${to.id}`, { text })).body;
  const starredOf = async (user: TestUser, query = '') =>
    ((await user.client.get(`/api/messages/starred${query}`)).body as MessageSearchResult[]).map(({ message, peer }) => [
      peer.fullName,
      message.text,
    ]);
  const starredInHistory = async (user: TestUser, peer: TestUser) =>
    ((await user.client.get(`/api/messages/${peer.id}`)).body as Message[])
      .filter((message) => message.starred)
      .map((message) => message.text);

  it('stars messages I sent and received, for me alone: marked in my history and listed newest first, on every device of mine', async () => {
    const [me, ann, bob] = [await server().user('Me Stars'), await server().user('Ann Stars'), await server().user('Bob Stars')];
    const address = await send(ann, me, 'The address is 12 Hill Road');
    await send(ann, me, 'See you there');
    const time = await send(me, bob, 'Dinner is at 8');
    const toMyDevices = server().published(me.id);

    for (const message of [address, time]) expect((await me.client.post(`/api/messages/star/${message._id}`)).status).toBe(204);
    expect((await me.client.post(`/api/messages/star/${address._id}`)).status, 'again: no change').toBe(204);
    expect(await starredInHistory(me, ann)).toEqual(['The address is 12 Hill Road']);
    expect(await starredOf(me)).toEqual([
      ['Bob Stars', 'Dinner is at 8'],
      ['Ann Stars', 'The address is 12 Hill Road'],
    ]);
    expect(await starredOf(me, `?with=${ann.id}`), 'one conversation’s').toEqual([['Ann Stars', 'The address is 12 Hill Road']]);
    expect(await starredOf(me, `?limit=1&before=${time._id}`), 'the page after the first').toEqual([
      ['Ann Stars', 'The address is 12 Hill Road'],
    ]);
    expect(await starredInHistory(ann, me), 'Ann sees no star of mine').toEqual([]);
    expect(await starredOf(ann)).toEqual([]);

    expect((await me.client.post(`/api/messages/unstar/${address._id}`)).status).toBe(204);
    expect(await starredInHistory(me, ann)).toEqual([]);
    expect(await starredOf(me)).toEqual([['Bob Stars', 'Dinner is at 8']]);
    expect(toMyDevices.filter((event) => event.event === 'messageStarred')).toEqual([
      { event: 'messageStarred', payload: { messageId: address._id, userId: ann.id, starred: true } },
      { event: 'messageStarred', payload: { messageId: time._id, userId: bob.id, starred: true } },
      { event: 'messageStarred', payload: { messageId: address._id, userId: ann.id, starred: true } },
      { event: 'messageStarred', payload: { messageId: address._id, userId: ann.id, starred: false } },
    ] satisfies UserEvent[]);
  });

  it('takes the stars of a message deleted for everyone, from both people, and refuses to star it again', async () => {
    const [ann, bob] = [await server().user('Ann Unstars'), await server().user('Bob Unstars')];
    const message = await send(ann, bob, 'Wrong number, sorry');
    for (const user of [ann, bob]) await user.client.post(`/api/messages/star/${message._id}`);
    expect((await ann.client.post(`/api/messages/delete/${message._id}`)).status).toBe(200);
    expect([await starredOf(ann), await starredOf(bob)]).toEqual([[], []]);
    const refused = await bob.client.post(`/api/messages/star/${message._id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: STAR_ERRORS.deleted });
    expect((await bob.client.post(`/api/messages/unstar/${message._id}`)).status, 'nothing to take: fine').toBe(204);
  });

  it('refuses a message neither mine nor to me, and an id that is not one', async () => {
    const [ann, bob, cat] = [await server().user('Ann Stares'), await server().user('Bob Stares'), await server().user('Cat Stares')];
    const theirs = await send(bob, cat, 'Between Bob and Cat');
    const notMine = await ann.client.post(`/api/messages/star/${theirs._id}`);
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ message: 'Message not found' });
    const bad = await ann.client.post('/api/messages/star/hello');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid message id' });
    expect((await ann.client.get('/api/messages/starred?limit=0')).status).toBe(400);
  });
});
