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
    expect(response.body).toContainEqual({ _id: amy.id, fullName: 'Amy', profilePic: '/api/media/avatars/x.png', lastMessage: null, unreadCount: 0, lastSeen: expect.any(String) });
    expect(response.body).toContainEqual({ _id: zed.id, fullName: 'zed', profilePic: '', lastMessage: null, unreadCount: 0, lastSeen: expect.any(String) });
    for (const contact of response.body) expect(Object.keys(contact).sort()).toEqual(['_id', 'fullName', 'lastMessage', 'lastSeen', 'profilePic', 'unreadCount']);
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
