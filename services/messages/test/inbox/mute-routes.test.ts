import { randomUUID } from 'node:crypto';
import { MUTE_DURATIONS, type Mute, type UserEvent } from '@chat/contracts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('muted conversations', (server) => {
  const mute = (user: TestUser, peer: { id: string }, duration: unknown) =>
    user.client.post<Mute>(`/api/messages/mute/${peer.id}`, { for: duration });
  const mutes = async (user: TestUser) => (await user.client.get<Mute[]>('/api/messages/mutes')).body;
  const mutedEvents = (events: UserEvent[]) => events.filter((event) => event.event === 'conversationMuted');

  it('mutes a conversation for 8 hours, a week or always, on every device of mine, until I unmute it', async () => {
    const [me, ann, bob] = [await server().user('Me Mutes'), await server().user('Ann Mutes'), await server().user('Bob Mutes')];
    const toMyDevices = server().published(me.id);
    const before = Date.now();
    const forHours = await mute(me, ann, '8h');
    expect(forHours.status).toBe(200);
    expect(forHours.body.userId).toBe(ann.id);
    const until = Date.parse(forHours.body.until!);
    expect(until - before).toBeGreaterThanOrEqual(MUTE_DURATIONS['8h']);
    expect(until - Date.now()).toBeLessThanOrEqual(MUTE_DURATIONS['8h']);
    expect((await mute(me, bob, 'always')).body).toEqual({ userId: bob.id, until: null });
    expect(await mutes(me)).toEqual([forHours.body, { userId: bob.id, until: null }].sort((a, b) => (a.userId < b.userId ? -1 : 1)));
    expect(await mutes(ann), 'mine alone').toEqual([]);

    const forWeek = (await mute(me, ann, '1w')).body;
    expect(Date.parse(forWeek.until!) - before, 'a new mute replaces the one before').toBeGreaterThanOrEqual(MUTE_DURATIONS['1w']);
    expect((await me.client.post(`/api/messages/unmute/${bob.id}`)).status).toBe(204);
    expect(await mutes(me)).toEqual([forWeek]);
    expect(mutedEvents(toMyDevices)).toEqual([
      { event: 'conversationMuted', payload: { userId: ann.id, muted: true, until: forHours.body.until } },
      { event: 'conversationMuted', payload: { userId: bob.id, muted: true, until: null } },
      { event: 'conversationMuted', payload: { userId: ann.id, muted: true, until: forWeek.until } },
      { event: 'conversationMuted', payload: { userId: bob.id, muted: false, until: null } },
    ]);
  });

  it('lists no mute whose time ran out', async () => {
    const [me, ann] = [await server().user('Me Lapsed'), await server().user('Ann Lapsed')];
    await mute(me, ann, '8h');
    await server().db.query(`UPDATE mutes SET until = now() - interval '1 second' WHERE user_id = $1`, [me.id]);
    expect(await mutes(me)).toEqual([]);
  });

  it('refuses another length of time, myself and someone unknown, saying why', async () => {
    const [me, ann] = [await server().user('Me Refused Mute'), await server().user('Ann Refused Mute')];
    for (const duration of ['1y', undefined, 8]) {
      const refused = await mute(me, ann, duration);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: "for must be '8h', '1w' or 'always'" });
    }
    expect((await mute(me, me, 'always')).body).toEqual({ message: 'You cannot mute yourself' });
    const unknown = await mute(me, { id: randomUUID() }, 'always');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    expect(await mutes(me)).toEqual([]);
  });
});
