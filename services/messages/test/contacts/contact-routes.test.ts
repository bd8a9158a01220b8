import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects } from '@chat/contracts';
import { ApiClient } from '#test-support';
import { startMessagesService } from '../messages-server.js';

let server: Awaited<ReturnType<typeof startMessagesService>>;
beforeAll(async () => {
  server = await startMessagesService();
});
afterAll(() => server.app.close());

describe('GET /api/messages/users', () => {
  it('lists everyone but me by name, with no email or password', async () => {
    const zed = await server.user('zed');
    const amy = await server.user('Amy', '/api/media/avatars/x.png');
    const me = await server.user('Me');
    const response = await me.client.get('/api/messages/users');
    expect(response.status).toBe(200);
    const names = response.body.map((c: { fullName: string }) => c.fullName);
    expect(names).not.toContain('Me');
    expect(names.indexOf('Amy')).toBeLessThan(names.indexOf('zed'));
    expect(response.body).toContainEqual({
      _id: amy.id,
      fullName: 'Amy',
      profilePic: '/api/media/avatars/x.png',
      lastMessage: null,
      unreadCount: 0,
      lastSeen: expect.any(String),
    });
    expect(response.body).toContainEqual({
      _id: zed.id,
      fullName: 'zed',
      profilePic: '',
      lastMessage: null,
      unreadCount: 0,
      lastSeen: expect.any(String),
    });
    for (const contact of response.body)
      expect(Object.keys(contact).sort()).toEqual(['_id', 'fullName', 'lastMessage', 'lastSeen', 'profilePic', 'unreadCount']);
  });

  it('shows a profile change as soon as the event arrives', async () => {
    const changing = await server.user('Before');
    const me = await server.user('Watcher');
    const event = { _id: changing.id, fullName: 'After', profilePic: '/p.png' };
    await server.bus.publishEvent(subjects.usersUpserted, JSON.stringify(event), randomUUID());
    const contacts = (await me.client.get('/api/messages/users')).body;
    expect(contacts).toContainEqual(expect.objectContaining({ _id: changing.id, fullName: 'After', profilePic: '/p.png' }));
    expect(contacts.filter((c: { _id: string }) => c._id === changing.id)).toHaveLength(1);
  });

  it('announces a signup, a new name or picture, and an account deleted, to the gateways once it is kept, but not a change of settings or about alone', async () => {
    const announced: unknown[] = [];
    const listening = server.bus.subscribe(subjects.contactsChanged, (payload) => void announced.push(JSON.parse(payload)));
    try {
      const changing = await server.user('Announced Before');
      const upsert = (event: object) =>
        server.bus.publishEvent(subjects.usersUpserted, JSON.stringify({ _id: changing.id, ...event }), randomUUID());
      await upsert({ fullName: 'Announced Before', profilePic: '', settings: { sendReadReceipts: false, showLastSeen: true } });
      await upsert({ fullName: 'Announced Before', profilePic: '', about: 'only the about changed' });
      await upsert({ fullName: 'Announced After', profilePic: '' });
      await upsert({ fullName: 'Announced After', profilePic: '/api/media/avatars/x.png' });
      await server.bus.publishEvent(subjects.usersDeleted, JSON.stringify({ _id: changing.id }), randomUUID());
      expect(announced).toEqual([
        { _id: changing.id, fullName: 'Announced Before', profilePic: '' },
        { _id: changing.id, fullName: 'Announced After', profilePic: '' },
        { _id: changing.id, fullName: 'Announced After', profilePic: '/api/media/avatars/x.png' },
        { _id: changing.id, fullName: 'Deleted user', profilePic: '', accountDeleted: true },
      ]);
    } finally {
      listening.unsubscribe();
    }
  });

  it('ignores a malformed users.upserted event', async () => {
    const me = await server.user('Careful');
    const before = (await me.client.get('/api/messages/users')).body.length;
    await server.bus.publishEvent(subjects.usersUpserted, '{"_id":"not-a-uuid","fullName":"Bad"}', randomUUID());
    await server.bus.publishEvent(subjects.usersUpserted, 'not json', randomUUID());
    expect((await me.client.get('/api/messages/users')).body.length).toBe(before);
  });

  it('answers 401 when signed out', async () => {
    const response = await new ApiClient(server.baseUrl).get('/api/messages/users');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Not authenticated' });
  });
});

describe('GET /api/messages/contact/:id', () => {
  const upsert = (event: object) => server.bus.publishEvent(subjects.usersUpserted, JSON.stringify(event), randomUUID());

  it('answers a contact’s card with their “About”, changed as soon as the event arrives, and without it from before “About”', async () => {
    const hiker = await server.user('Hiker');
    const me = await server.user('Reader');
    expect((await me.client.get(`/api/messages/contact/${hiker.id}`)).body).toEqual({
      _id: hiker.id,
      fullName: 'Hiker',
      profilePic: '',
      about: '',
    });
    await upsert({ _id: hiker.id, fullName: 'Hiker', profilePic: '/p.png', about: 'Out until Sunday' });
    const card = await me.client.get(`/api/messages/contact/${hiker.id}`);
    expect(card.status).toBe(200);
    expect(card.body).toEqual({ _id: hiker.id, fullName: 'Hiker', profilePic: '/p.png', about: 'Out until Sunday' });
    // Events written before "About" have none: they clear it, as auth's card of the user would.
    await upsert({ _id: hiker.id, fullName: 'Hiker', profilePic: '/p.png' });
    expect((await me.client.get(`/api/messages/contact/${hiker.id}`)).body.about).toBe('');
  });

  it('hides the “About” from someone its owner blocked, and empties it when the account is deleted', async () => {
    const owner = await server.user('Private About');
    const blocked = await server.user('Blocked Reader');
    const other = await server.user('Other Reader');
    await upsert({ _id: owner.id, fullName: 'Private About', profilePic: '', about: 'Ask me anything' });
    expect((await owner.client.post(`/api/messages/block/${blocked.id}`)).status).toBe(204);
    expect((await blocked.client.get(`/api/messages/contact/${owner.id}`)).body.about).toBe('');
    expect((await other.client.get(`/api/messages/contact/${owner.id}`)).body.about).toBe('Ask me anything');
    expect((await owner.client.get(`/api/messages/contact/${blocked.id}`)).status, 'the blocker still sees the card they blocked').toBe(
      200,
    );

    await server.bus.publishEvent(subjects.usersDeleted, JSON.stringify({ _id: owner.id }), randomUUID());
    expect((await other.client.get(`/api/messages/contact/${owner.id}`)).body).toEqual({
      _id: owner.id,
      fullName: 'Deleted user',
      profilePic: '',
      about: '',
    });
  });

  it('answers 404 for an unknown user, 400 for an id that is none, 401 when signed out', async () => {
    const me = await server.user('Asker');
    const unknown = await me.client.get(`/api/messages/contact/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    expect((await me.client.get('/api/messages/contact/not-an-id')).status).toBe(400);
    expect((await new ApiClient(server.baseUrl).get(`/api/messages/contact/${me.id}`)).status).toBe(401);
  });
});
