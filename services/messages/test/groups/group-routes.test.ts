import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_ERRORS,
  MAX_GROUP_MEMBERS,
  subjects,
  UNREAD_COUNT_CAP,
  type Group,
  type GroupEntry,
  type GroupEvent,
  type Message,
  type MessageInfo,
} from '@chat/contracts';
import { pngBytes, toDataUrl, webmRecording } from '#test-support';
import { startMessagesService } from '../messages-server.js';

let server: Awaited<ReturnType<typeof startMessagesService>>;
beforeAll(async () => {
  server = await startMessagesService();
});
afterAll(() => server.app.close());

type Person = Awaited<ReturnType<typeof server.user>>;

/** Every event published on the group's subject, in order. */
const groupPublished = (groupId: string) => {
  const seen: GroupEvent[] = [];
  server.bus.subscribe(subjects.groupEvents(groupId), (payload) => void seen.push(JSON.parse(payload)));
  return seen;
};

async function groupOf(creator: Person, members: Person[], name = 'Hikers') {
  const response = await creator.client.post('/api/messages/groups', { name, memberIds: members.map((member) => member.id) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Group;
}

const send = (from: Person, groupId: string, text: string, extra: object = {}) =>
  from.client.post(`/api/messages/groups/${groupId}/send`, { text, ...extra });
const history = async (of: Person, groupId: string) => {
  const response = await of.client.get(`/api/messages/groups/${groupId}/messages`);
  expect(response.status).toBe(200);
  return response.body as Message[];
};
const texts = (messages: Message[]) => messages.map((message) => message.text ?? message.system?.kind);

describe('groups', () => {
  it('creates a group: its creator its first admin, the people named its members, and its first lines', async () => {
    const ann = await server.user('Ann Group');
    const bob = await server.user('Bob Group');
    const cat = await server.user('Cat Group');
    const group = await groupOf(ann, [bob, cat]);
    expect(group).toMatchObject({ name: 'Hikers', description: '', createdBy: ann.id, memberCount: 3, onlyAdminsSend: false });
    expect(group.members.map(({ userId, role }) => [userId, role])).toEqual(
      expect.arrayContaining([
        [ann.id, 'admin'],
        [bob.id, 'member'],
        [cat.id, 'member'],
      ]),
    );
    // Its members' names and pictures come with it, for the lines and messages that name them.
    expect(group.people.map((person) => person.fullName).sort()).toEqual(['Ann Group', 'Bob Group', 'Cat Group']);
    const lines = await history(bob, group._id);
    expect(lines.map((line) => line.system)).toEqual([
      { kind: 'created', actorId: ann.id, name: 'Hikers' },
      { kind: 'added', actorId: ann.id, userIds: [bob.id, cat.id] },
    ]);
    expect(lines.every((line) => line.groupId === group._id && line.receiverId === group._id)).toBe(true);
  });

  it('stores a message to a group once and publishes it once on the group’s subject, whatever its size', async () => {
    const ann = await server.user('Ann Once');
    const others = await Promise.all(Array.from({ length: 20 }, (_, index) => server.user(`Member ${index}`)));
    const group = await groupOf(ann, others);
    const onGroup = groupPublished(group._id);
    const onBob = server.published(others[0]!.id);
    const sent = await send(ann, group._id, '  Saturday at 9?  ');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ senderId: ann.id, receiverId: group._id, groupId: group._id, text: 'Saturday at 9?' });
    await expect.poll(() => onGroup).toEqual([{ event: 'newMessage', payload: sent.body }]);
    expect(onBob, 'nothing per member').toEqual([]);
    const stored = await server.db.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM messages WHERE group_id = $1 AND system IS NULL',
      [group._id],
    );
    expect(stored[0]?.rows).toBe(1);
    expect(texts(await history(others[19]!, group._id)).at(-1)).toBe('Saturday at 9?');
  });

  it('answers a retried clientMessageId with the first message, and a reply quotes a message of the group only', async () => {
    const ann = await server.user('Ann Retry');
    const bob = await server.user('Bob Retry');
    const group = await groupOf(ann, [bob]);
    const clientMessageId = randomUUID();
    const first = await send(ann, group._id, 'once', { clientMessageId });
    const again = await send(ann, group._id, 'once', { clientMessageId });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    const reply = await send(bob, group._id, 'agreed', { replyTo: first.body._id });
    expect(reply.body.replyTo).toMatchObject({ _id: first.body._id, senderId: ann.id, text: 'once' });
    const elsewhere = await groupOf(bob, [ann], 'Elsewhere');
    const stray = await send(ann, elsewhere._id, 'wrong', { replyTo: first.body._id });
    expect(stray.status).toBe(400);
  });

  it('lists my groups by latest activity with their latest message and my unread count', async () => {
    const ann = await server.user('Ann List');
    const bob = await server.user('Bob List');
    const quiet = await groupOf(ann, [bob], 'Quiet');
    const busy = await groupOf(ann, [bob], 'Busy');
    await send(ann, busy._id, 'one');
    await send(ann, busy._id, 'two');
    await send(bob, quiet._id, 'mine');
    const list = (await bob.client.get('/api/messages/groups')).body as GroupEntry[];
    // Writing in a group reads it up to there, as in every messenger.
    expect(list.map((entry) => [entry.group.name, entry.lastMessage?.text, entry.unreadCount])).toEqual([
      ['Quiet', 'mine', 0],
      ['Busy', 'two', 4],
    ]);
  });

  it('lets an admin add people, who see the group from the line announcing them', async () => {
    const ann = await server.user('Ann Adds');
    const bob = await server.user('Bob Adds');
    const dan = await server.user('Dan Late');
    const group = await groupOf(ann, [bob]);
    await send(bob, group._id, 'before Dan');
    const toDan = server.published(dan.id);
    const refused = await bob.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [dan.id] });
    expect(refused).toMatchObject({ status: 403, body: { message: GROUP_ERRORS.notAdmin } });
    const added = await ann.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [dan.id, bob.id] });
    expect(added.status).toBe(200);
    expect((added.body as Group).memberCount).toBe(3);
    expect(toDan).toEqual([{ event: 'groupChanged', payload: { groupId: group._id, member: true } }]);
    await send(bob, group._id, 'after Dan');
    expect(texts(await history(dan, group._id))).toEqual(['added', 'after Dan']);
    expect((await history(dan, group._id))[0]?.system).toEqual({ kind: 'added', actorId: ann.id, userIds: [dan.id] });
  });

  it('keeps what a removed member had, refuses them everything after, and tells the gateways before the next message', async () => {
    const ann = await server.user('Ann Removes');
    const bob = await server.user('Bob Removed');
    const cat = await server.user('Cat Stays');
    const group = await groupOf(ann, [bob, cat]);
    await send(cat, group._id, 'before');
    const onGroup = groupPublished(group._id);
    const toBob = server.published(bob.id);
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${bob.id}`)).status).toBe(204);
    await send(cat, group._id, 'after');
    await expect
      .poll(() => onGroup.map((event) => (event.event === 'newMessage' ? (event.payload.text ?? event.payload.system?.kind) : event.event)))
      .toEqual(['removed', 'membersRemoved', 'after']);
    expect(toBob).toEqual([{ event: 'groupChanged', payload: { groupId: group._id, member: false } }]);
    expect(texts(await history(bob, group._id))).toEqual(['created', 'added', 'before', 'removed']);
    expect((await bob.client.get(`/api/messages/groups/${group._id}`)).body).toMatchObject({ removed: true, members: [], memberCount: 0 });
    const countInCatsList = async () =>
      ((await cat.client.get('/api/messages/groups')).body as { group: Group }[]).find((entry) => entry.group._id === group._id)?.group
        .memberCount;
    expect(await countInCatsList()).toBe(2);
    // Whoever joins after his removal is nobody he may learn of.
    const dan = await server.user('Dan After');
    expect((await ann.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [dan.id] })).status).toBe(200);
    expect(await countInCatsList()).toBe(3);
    const asBobSees = (await bob.client.get(`/api/messages/groups/${group._id}`)).body as Group;
    expect(asBobSees.people.map((person) => person.fullName).sort()).toEqual(['Ann Removes', 'Bob Removed', 'Cat Stays']);
    expect(await send(bob, group._id, 'let me back')).toMatchObject({ status: 403, body: { message: GROUP_ERRORS.notMember } });
    const list = (await bob.client.get('/api/messages/groups')).body as GroupEntry[];
    expect(list[0]).toMatchObject({ group: { _id: group._id, removed: true }, lastMessage: { system: { kind: 'removed' } } });
    // Added back, he starts again at the line saying so, unread.
    expect((await ann.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [bob.id] })).status).toBe(200);
    expect(texts(await history(bob, group._id))).toEqual(['added']);
    expect(((await bob.client.get('/api/messages/groups')).body as GroupEntry[])[0]).toMatchObject({ unreadCount: 1 });
  });

  it('lets a member leave, but not the last admin while others remain', async () => {
    const ann = await server.user('Ann Leaves');
    const bob = await server.user('Bob Leaves');
    const group = await groupOf(ann, [bob]);
    expect(await ann.client.delete(`/api/messages/groups/${group._id}/members/${ann.id}`)).toMatchObject({
      status: 400,
      body: { message: GROUP_ERRORS.lastAdmin },
    });
    expect((await bob.client.delete(`/api/messages/groups/${group._id}/members/${bob.id}`)).status).toBe(204);
    expect((await history(ann, group._id)).at(-1)?.system).toEqual({ kind: 'left', actorId: bob.id });
  });

  it('lets members edit its info unless only admins may, and admins its rules: each change a line of the group', async () => {
    const ann = await server.user('Ann Edits');
    const bob = await server.user('Bob Edits');
    const group = await groupOf(ann, [bob]);
    const onGroup = groupPublished(group._id);
    const renamed = await bob.client.put(`/api/messages/groups/${group._id}`, { name: ' Hill walkers ', description: 'Saturdays' });
    expect(renamed.body).toMatchObject({ name: 'Hill walkers', description: 'Saturdays' });
    expect(await bob.client.put(`/api/messages/groups/${group._id}`, { onlyAdminsSend: true })).toMatchObject({
      status: 403,
      body: { message: GROUP_ERRORS.notAdmin },
    });
    const ruled = await ann.client.put(`/api/messages/groups/${group._id}`, { onlyAdminsSend: true, onlyAdminsEdit: true });
    expect(ruled.body).toMatchObject({ onlyAdminsSend: true, onlyAdminsEdit: true });
    expect(await bob.client.put(`/api/messages/groups/${group._id}`, { name: 'Mine now' })).toMatchObject({
      status: 403,
      body: { message: GROUP_ERRORS.onlyAdminsEdit },
    });
    expect(await send(bob, group._id, 'may I?')).toMatchObject({ status: 403, body: { message: GROUP_ERRORS.onlyAdminsSend } });
    expect((await send(ann, group._id, 'announcement')).status).toBe(201);
    expect(await ann.client.put(`/api/messages/groups/${group._id}`, {})).toMatchObject({
      status: 400,
      body: { message: 'Say what to change' },
    });
    await expect
      .poll(() => onGroup.map((event) => (event.event === 'newMessage' ? (event.payload.system ?? event.payload.text) : null)))
      .toEqual([
        { kind: 'renamed', actorId: bob.id, name: 'Hill walkers' },
        { kind: 'described', actorId: bob.id },
        { kind: 'rules', actorId: ann.id, onlyAdminsSend: true, onlyAdminsEdit: true },
        'announcement',
      ]);
  });

  it('gives the group a picture anyone signed in sees, changed and removed by those who may edit its info: each a line of the group', async () => {
    const [ann, bob, stranger] = [await server.user('Ann Picture'), await server.user('Bob Picture'), await server.user('Eve Picture')];
    const group = await groupOf(ann, [bob]);
    const onGroup = groupPublished(group._id);
    const photo = toDataUrl(await pngBytes(), 'image/png');
    const pictureOf = (person: Person, body?: object) =>
      body
        ? person.client.put(`/api/messages/groups/${group._id}/picture`, body)
        : person.client.delete(`/api/messages/groups/${group._id}/picture`);

    const first = (await pictureOf(bob, { picture: photo })).body as Group;
    expect(first.picture).toMatch(new RegExp(`^/api/media/groups/${group._id}/[0-9a-f-]{36}\\.png$`));
    const served = await stranger.client.get(first.picture);
    expect([served.status, served.headers.get('content-type')], 'shown wherever the group is, as an avatar').toEqual([200, 'image/png']);
    const second = (await pictureOf(ann, { picture: photo })).body as Group;
    expect(second.picture).not.toBe(first.picture);
    expect((await ann.client.get(first.picture)).status, 'the one it replaced is gone').toBe(404);
    expect(await pictureOf(stranger, { picture: photo }), 'never in it').toMatchObject({
      status: 404,
      body: { message: GROUP_ERRORS.notFound },
    });
    expect(await pictureOf(bob, { picture: 'not a picture' })).toMatchObject({
      status: 400,
      body: { message: 'Image must be a base64 data URL' },
    });
    expect(await pictureOf(bob, {})).toMatchObject({ status: 400, body: { message: 'Picture is required' } });
    expect((await ann.client.put(`/api/messages/groups/${group._id}`, { onlyAdminsEdit: true })).status).toBe(200);
    expect(await pictureOf(bob)).toMatchObject({ status: 403, body: { message: GROUP_ERRORS.onlyAdminsEdit } });

    expect(((await pictureOf(ann)).body as Group).picture).toBe('');
    expect((await ann.client.get(second.picture)).status).toBe(404);
    expect((await pictureOf(ann)).status, 'none to remove: no change').toBe(200);
    expect((await ann.client.get(`/api/messages/groups/${group._id}`)).body).toMatchObject({ picture: '' });
    await expect
      .poll(() => onGroup.flatMap((event) => (event.event === 'newMessage' && event.payload.system ? [event.payload.system] : [])))
      .toEqual([
        { kind: 'picture', actorId: bob.id },
        { kind: 'picture', actorId: ann.id },
        { kind: 'rules', actorId: ann.id, onlyAdminsSend: false, onlyAdminsEdit: true },
        { kind: 'picture', actorId: ann.id, removed: true },
      ]);
  });

  it('lets an admin make others admins, and keeps at least one', async () => {
    const ann = await server.user('Ann Roles');
    const bob = await server.user('Bob Roles');
    const group = await groupOf(ann, [bob]);
    const promoted = await ann.client.put(`/api/messages/groups/${group._id}/members/${bob.id}`, { role: 'admin' });
    expect((promoted.body as Group).members.find((member) => member.userId === bob.id)?.role).toBe('admin');
    expect((await bob.client.put(`/api/messages/groups/${group._id}/members/${ann.id}`, { role: 'member' })).status).toBe(200);
    expect(await bob.client.put(`/api/messages/groups/${group._id}/members/${bob.id}`, { role: 'member' })).toMatchObject({
      status: 400,
      body: { message: GROUP_ERRORS.lastAdmin },
    });
    expect(await ann.client.put(`/api/messages/groups/${group._id}/members/${bob.id}`, { role: 'member' })).toMatchObject({ status: 403 });
    expect((await history(ann, group._id)).slice(-2).map((line) => line.system?.kind)).toEqual(['promoted', 'demoted']);
  });

  it('lets anyone signed in join with the invite link, until an admin resets it', async () => {
    const ann = await server.user('Ann Invites');
    const bob = await server.user('Bob Invited');
    const eve = await server.user('Eve Late');
    const group = await groupOf(ann, []);
    expect((await bob.client.get(`/api/messages/groups/${group._id}/invite`)).status).toBe(404);
    const { code } = (await ann.client.get(`/api/messages/groups/${group._id}/invite`)).body as { code: string };
    const joined = await bob.client.post(`/api/messages/groups/join/${code}`, {});
    expect(joined.status).toBe(200);
    expect((joined.body as Group).memberCount).toBe(2);
    expect(texts(await history(bob, group._id))).toEqual(['joined']);
    expect((await bob.client.post(`/api/messages/groups/join/${code}`, {})).status, 'joining again changes nothing').toBe(200);
    const reset = (await ann.client.post(`/api/messages/groups/${group._id}/invite`, {})).body as { code: string };
    expect(reset.code).not.toBe(code);
    for (const stale of [code, 'x'.repeat(22), 'short']) {
      expect(await eve.client.post(`/api/messages/groups/join/${stale}`, {})).toMatchObject({ body: { message: GROUP_ERRORS.badInvite } });
    }
  });

  it('counts my unread messages from my read cursor, which only moves forward, and tells my other devices of my read', async () => {
    const ann = await server.user('Ann Reads');
    const bob = await server.user('Bob Reads');
    const group = await groupOf(ann, [bob]);
    const first = await send(ann, group._id, 'one');
    await send(ann, group._id, 'two');
    const unread = async () => ((await bob.client.get('/api/messages/groups')).body as GroupEntry[])[0]?.unreadCount;
    expect(await unread()).toBe(4);
    const toBobsDevices = server.published(bob.id);
    expect((await bob.client.post(`/api/messages/groups/${group._id}/read`, { upTo: first.body._id })).status).toBe(204);
    expect(await unread()).toBe(1);
    expect(toBobsDevices).toEqual([{ event: 'groupRead', payload: { groupId: group._id, upTo: first.body._id } }]);
    await bob.client.post(`/api/messages/groups/${group._id}/read`, { upTo: '1' });
    expect(await unread(), 'never back').toBe(1);
  });

  it('counts others’ messages and lines past my cursor, never mine, up to UNREAD_COUNT_CAP; for someone removed, up to the removal', async () => {
    const ann = await server.user('Ann Counts');
    const bob = await server.user('Bob Counts');
    const cat = await server.user('Cat Counts');
    const group = await groupOf(ann, [bob, cat]);
    const unreadOf = async (person: Person) =>
      ((await person.client.get('/api/messages/groups')).body as GroupEntry[]).find((entry) => entry.group._id === group._id)?.unreadCount;
    const read = async (person: Person) => {
      const newest = (await history(person, group._id)).at(-1) as Message;
      expect((await person.client.post(`/api/messages/groups/${group._id}/read`, { upTo: newest._id })).status).toBe(204);
    };
    await read(bob);
    await read(cat);
    expect((await bob.client.put(`/api/messages/groups/${group._id}`, { description: 'Counting' })).status).toBe(200);
    expect((await send(bob, group._id, 'from Bob')).status).toBe(201);
    expect(await unreadOf(bob), 'his own line and message: none').toBe(0);
    expect(await unreadOf(cat), 'Bob’s line and message').toBe(2);

    for (let n = 1; n <= UNREAD_COUNT_CAP; n++) expect((await send(ann, group._id, `news ${n}`)).status).toBe(201);
    expect(await unreadOf(bob), 'counted up to the cap').toBe(UNREAD_COUNT_CAP);
    await read(bob);
    expect(await unreadOf(bob)).toBe(0);
    expect((await send(ann, group._id, 'one more')).status).toBe(201);
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${bob.id}`)).status).toBe(204);
    expect((await send(ann, group._id, 'after Bob')).status).toBe(201);
    expect(await unreadOf(bob), '“one more” and the line removing him, nothing after').toBe(2);
  });

  it('keeps the members a message mentions (no one else), and marks the mentioned one’s row until they read it', async () => {
    const ann = await server.user('Ann Mentions');
    const bob = await server.user('Bob Mentioned');
    const cat = await server.user('Cat Quiet');
    const stranger = await server.user('Stranger Mentioned');
    const group = await groupOf(ann, [bob, cat]);
    const sent = await send(ann, group._id, '@Bob Mentioned are you in?', { mentions: [bob.id, stranger.id] });
    expect(sent.status).toBe(201);
    expect((sent.body as Message).mentions).toEqual([bob.id]);
    expect((await history(cat, group._id)).at(-1)?.mentions, 'everyone sees whom it mentions').toEqual([bob.id]);
    const rowOf = async (of: Person) => ((await of.client.get('/api/messages/groups')).body as GroupEntry[])[0];
    expect(await rowOf(bob)).toMatchObject({ mentioned: true });
    expect((await rowOf(cat))?.mentioned).toBeUndefined();
    await bob.client.post(`/api/messages/groups/${group._id}/read`, { upTo: (sent.body as Message)._id });
    expect((await rowOf(bob))?.mentioned, 'read, the mark goes').toBeUndefined();
    expect(await send(ann, group._id, 'too many', { mentions: Array.from({ length: 51 }, () => randomUUID()) })).toMatchObject({
      status: 400,
      body: { message: 'A message mentions at most 50 people' },
    });
  });

  it('lets its author edit a group message, every member react, an admin delete anyone’s, each change told on the group’s subject', async () => {
    const ann = await server.user('Ann Changes');
    const bob = await server.user('Bob Changes');
    const cat = await server.user('Cat Changes');
    const group = await groupOf(ann, [bob, cat]);
    const sent = await send(bob, group._id, 'meet at 9');
    const id = sent.body._id as string;
    const onGroup = groupPublished(group._id);
    expect((await bob.client.post(`/api/messages/edit/${id}`, { text: 'meet at 10' })).body).toMatchObject({ text: 'meet at 10' });
    expect((await cat.client.post(`/api/messages/edit/${id}`, { text: 'mine' })).status).toBe(403);
    expect((await cat.client.post(`/api/messages/react/${id}`, { emoji: '👍' })).body.reactions).toEqual([
      { emoji: '👍', userIds: [cat.id] },
    ]);
    expect((await cat.client.post(`/api/messages/delete/${id}`, {})).status, 'a member deletes only their own').toBe(403);
    const deleted = await ann.client.post(`/api/messages/delete/${id}`, {});
    expect(deleted.body).toMatchObject({ text: null, deletedBy: ann.id, deletedAt: expect.any(String) });
    await expect
      .poll(() => onGroup.map((event) => event.event === 'messageUpdated' && (event.payload.text ?? 'deleted')))
      .toEqual(['meet at 10', 'meet at 10', 'deleted']);
    const [created] = await history(ann, group._id);
    expect((await ann.client.post(`/api/messages/delete/${created!._id}`, {})).status, 'a line of the group is no one’s to delete').toBe(
      403,
    );
    expect((await cat.client.post(`/api/messages/react/${created!._id}`, { emoji: '👍' })).status).not.toBe(200);
  });

  it('forwards a group message to a person, and nobody outside the group can touch its messages', async () => {
    const ann = await server.user('Ann Forwards');
    const bob = await server.user('Bob Forwards');
    const eve = await server.user('Eve Outside');
    const group = await groupOf(ann, [bob]);
    const sent = await send(bob, group._id, 'worth sharing');
    const forwarded = await ann.client.post(`/api/messages/send/${eve.id}`, { forwardOf: sent.body._id });
    expect(forwarded.body).toMatchObject({ text: 'worth sharing', forwarded: true, receiverId: eve.id });
    for (const attempt of [
      await eve.client.post(`/api/messages/react/${sent.body._id}`, { emoji: '👍' }),
      await eve.client.post(`/api/messages/edit/${sent.body._id}`, { text: 'x' }),
      await eve.client.post(`/api/messages/delete/${sent.body._id}`, {}),
      await eve.client.post(`/api/messages/send/${ann.id}`, { forwardOf: sent.body._id }),
    ]) {
      expect(attempt.status).toBe(404);
    }
  });

  it('takes pictures, files, voice messages and forwards as a conversation does: each member, and nobody else, opens them; one removed keeps what they had', async () => {
    const ann = await server.user('Ann Media');
    const bob = await server.user('Bob Media');
    const cat = await server.user('Cat Media');
    const eve = await server.user('Eve Media');
    const group = await groupOf(ann, [bob, cat]);
    const onGroup = groupPublished(group._id);
    const photo = await send(ann, group._id, 'the view', { image: toDataUrl(await pngBytes(40, 20), 'image/png') });
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect(photo.body).toMatchObject({ groupId: group._id, text: 'the view', image: expect.stringMatching(/^\/api\/media\//) });
    const plan = await bob.client.sendFile({ groupId: group._id }, { name: 'Plan.pdf', bytes: new TextEncoder().encode('%PDF the plan') });
    expect(plan.body).toMatchObject({ groupId: group._id, file: { name: 'Plan.pdf', size: 13 } });
    const voice = await cat.client.sendFile({ groupId: group._id }, { name: 'voice', bytes: webmRecording() }, { voiceSeconds: '3' });
    expect(voice.body).toMatchObject({ groupId: group._id, file: { voice: { seconds: 3 } } });
    // A photo from a conversation forwarded into the group: the same stored picture, marked forwarded.
    const fromEve = await eve.client.post(`/api/messages/send/${ann.id}`, { image: toDataUrl(await pngBytes(10, 10), 'image/png') });
    const forward = await ann.client.post(`/api/messages/groups/${group._id}/send`, { forwardOf: fromEve.body._id });
    expect(forward.body).toMatchObject({ groupId: group._id, forwarded: true, image: fromEve.body.image });
    await expect.poll(() => onGroup.filter((event) => event.event === 'newMessage').length, { message: 'one publish a message' }).toBe(4);

    const opens = (person: Person, url: string) => person.client.get(url).then((response) => response.status);
    const urls = [photo.body.image, plan.body.file.url, voice.body.file.url];
    for (const url of urls) expect(await Promise.all([ann, bob, cat].map((member) => opens(member, url))), url).toEqual([200, 200, 200]);
    for (const url of urls) expect(await opens(eve, url), `${url} to someone never in the group`).toBe(404);

    await ann.client.delete(`/api/messages/groups/${group._id}/members/${cat.id}`);
    const later = await send(ann, group._id, 'after Cat', { image: toDataUrl(await pngBytes(30, 30), 'image/png') });
    expect(await opens(cat, photo.body.image), 'a picture Cat had').toBe(200);
    expect(await opens(cat, later.body.image), 'one sent after Cat was removed').toBe(404);
    const refused = await cat.client.sendFile({ groupId: group._id }, { name: 'late.pdf', bytes: new TextEncoder().encode('late') });
    expect(refused).toMatchObject({ status: 403, body: { message: GROUP_ERRORS.notMember } });
  });

  it('turns a message delivered once every member has it and read once every member read it, and tells its sender who and when', async () => {
    const ann = await server.user('Ann Ticks');
    const bob = await server.user('Bob Ticks');
    const cat = await server.user('Cat Ticks');
    const group = await groupOf(ann, [bob, cat]);
    const onGroup = groupPublished(group._id);
    const sent = (await send(ann, group._id, 'Who is in?')).body as Message;
    const asAnnSees = async () => (await history(ann, group._id)).find((message) => message._id === sent._id)!;
    const info = async () => {
      const response = await ann.client.get(`/api/messages/groups/${group._id}/messages/${sent._id}/info`);
      expect(response.status).toBe(200);
      return Object.fromEntries((response.body as MessageInfo).members.map((member) => [member.userId, member]));
    };
    const receipts = () => onGroup.filter((event) => event.event === 'groupReceipts').map((event) => event.payload);

    // Bob's app fetched it (as a socket's receipt would say): his alone, so not delivered yet.
    await history(bob, group._id);
    await expect.poll(async () => (await info())[bob.id]?.deliveredAt, { message: 'delivered to Bob' }).toEqual(expect.any(String));
    expect((await info())[cat.id], 'nothing yet from Cat').toEqual({ userId: cat.id, deliveredAt: null, readAt: null });
    expect((await asAnnSees()).deliveredAt, 'one tick while Cat has not got it').toBeNull();

    // A gateway reports Cat's socket has it: now every member has.
    const at = new Date().toISOString();
    await server.bus.publishEvent(
      subjects.receiptsReported,
      JSON.stringify({ delivered: [], read: [], groupDelivered: [{ groupId: group._id, userId: cat.id, upTo: sent._id, at }] }),
      randomUUID(),
    );
    await expect
      .poll(async () => (await asAnnSees()).deliveredAt, { message: 'delivered to every member', timeout: 10_000 })
      .toEqual(expect.any(String));
    await expect
      .poll(() => receipts().at(-1), { message: 'told on the group’s subject', timeout: 10_000 })
      .toMatchObject({ deliveredUpTo: sent._id });

    for (const reader of [bob, cat]) {
      const read = await reader.client.post(`/api/messages/groups/${group._id}/read`, { upTo: sent._id });
      expect(read.status).toBe(204);
    }
    await expect
      .poll(async () => (await asAnnSees()).readAt, { message: 'read by every member', timeout: 10_000 })
      .toEqual(expect.any(String));
    // Told within a second of the last telling: the latest state as that second ends.
    await expect
      .poll(() => receipts().at(-1), { message: 'read, told on the group’s subject', timeout: 10_000 })
      .toMatchObject({
        deliveredUpTo: sent._id,
        readUpTo: sent._id,
      });
    const seen = await info();
    expect(
      [bob.id, cat.id].map((id) => Boolean(seen[id]?.readAt && seen[id].deliveredAt && seen[id].deliveredAt <= seen[id].readAt)),
    ).toEqual([true, true]);

    // Someone who never reads holds it back, until they are removed.
    const next = (await send(ann, group._id, 'Last call')).body as Message;
    await bob.client.post(`/api/messages/groups/${group._id}/read`, { upTo: next._id });
    await expect.poll(() => receipts().at(-1)?.readUpTo, { message: 'Bob’s read alone moves nothing' }).toBe(sent._id);
    await ann.client.delete(`/api/messages/groups/${group._id}/members/${cat.id}`);
    await expect.poll(() => receipts().at(-1)?.readUpTo, { message: 'read by everyone left in it', timeout: 10_000 }).not.toBe(sent._id);

    // Message info is its sender's; nobody else's, and nothing to anyone outside.
    for (const asker of [bob, await server.user('Eve Ticks')]) {
      const refused = await asker.client.get(`/api/messages/groups/${group._id}/messages/${sent._id}/info`);
      expect(refused.status).toBe(404);
    }
  });

  it('takes a send as its sender having read the group up to it: a member who held its receipts back moves them by answering', async () => {
    const ann = await server.user('Ann Answered');
    const bob = await server.user('Bob Answers');
    const group = await groupOf(ann, [bob]);
    const onGroup = groupPublished(group._id);
    const asked = (await send(ann, group._id, 'Coming tonight?')).body as Message;
    const asAnnSees = async () => (await history(ann, group._id)).find((message) => message._id === asked._id)!;
    expect((await asAnnSees()).deliveredAt, 'one tick while Bob has not got it').toBeNull();

    // Bob answers from a device that never reported the question: his answer says he has read it.
    await send(bob, group._id, 'Yes!');
    await expect
      .poll(async () => (await asAnnSees()).readAt, { message: 'Ann’s question read by every member', timeout: 10_000 })
      .toEqual(expect.any(String));
    // Told with the group read at least that far (Ann's own fetches may have moved it further since).
    const toldReadUpTo = () => {
      const told = onGroup.findLast((event) => event.event === 'groupReceipts');
      return told?.event === 'groupReceipts' ? BigInt(told.payload.readUpTo) : 0n;
    };
    await expect.poll(() => toldReadUpTo() >= BigInt(asked._id), { message: 'told on the group’s subject', timeout: 10_000 }).toBe(true);
  });

  it('deletes a group’s messages for me alone: gone from my history and my row, kept by the others', async () => {
    const ann = await server.user('Ann Hides');
    const bob = await server.user('Bob Hides');
    const group = await groupOf(ann, [bob]);
    const kept = (await send(bob, group._id, 'kept')).body as Message;
    const gone = (await send(bob, group._id, 'gone for Ann')).body as Message;
    const hidden = await ann.client.post(`/api/messages/delete-for-me/${group._id}`, { messageIds: [gone._id] });
    expect(hidden.status).toBe(200);
    expect(hidden.body.lastMessage).toMatchObject({ _id: kept._id });
    expect(texts(await history(ann, group._id))).not.toContain('gone for Ann');
    expect(texts(await history(bob, group._id))).toContain('gone for Ann');
    const annsRow = ((await ann.client.get('/api/messages/groups')).body as GroupEntry[]).find((entry) => entry.group._id === group._id);
    expect(annsRow?.lastMessage?.text, 'her row shows what is left').toBe('kept');
    // A message of another conversation, or of a group she is not in, deletes nothing.
    const elsewhere = await groupOf(bob, []);
    const stranger = (await send(bob, elsewhere._id, 'not hers')).body as Message;
    const refused = await ann.client.post(`/api/messages/delete-for-me/${group._id}`, { messageIds: [kept._id, stranger._id] });
    expect(refused.status).toBe(404);
    expect(texts(await history(ann, group._id))).toContain('kept');
  });

  it('mutes a group I am in for me alone, and no group I am not in', async () => {
    const ann = await server.user('Ann Mutes');
    const bob = await server.user('Bob Mutes');
    const group = await groupOf(ann, [bob]);
    const muted = await bob.client.post(`/api/messages/mute/${group._id}`, { for: '8h' });
    expect(muted).toMatchObject({ status: 200, body: { userId: group._id, until: expect.any(String) } });
    expect(((await bob.client.get('/api/messages/mutes')).body as { userId: string }[]).map((mute) => mute.userId)).toEqual([group._id]);
    expect((await ann.client.get('/api/messages/mutes')).body).toEqual([]);
    const elsewhere = await groupOf(ann, []);
    expect((await bob.client.post(`/api/messages/mute/${elsewhere._id}`, { for: 'always' })).status).toBe(404);
  });

  it('takes someone who deleted their account out of their groups: a line says they left, their admin role handed on', async () => {
    const ann = await server.user('Ann Leaves Everything');
    const bob = await server.user('Bob Stays');
    const cat = await server.user('Cat Stays');
    const group = await groupOf(ann, [bob]);
    // Bob has been in it longest: he is the one to be its admin.
    expect((await ann.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [cat.id] })).status).toBe(200);
    const sent = (await send(bob, group._id, 'see you')).body as Message;
    await server.bus.publishEvent(subjects.usersDeleted, JSON.stringify({ _id: ann.id }), randomUUID());
    await expect
      .poll(async () => (await history(bob, group._id)).slice(-2).map((line) => line.system), { message: 'the lines of her leaving' })
      .toEqual([
        { kind: 'promoted', actorId: ann.id, userIds: [bob.id] },
        { kind: 'left', actorId: ann.id },
      ]);
    const seen = (await bob.client.get(`/api/messages/groups/${group._id}`)).body as Group;
    expect(Object.fromEntries(seen.members.map(({ userId, role }) => [userId, role]))).toEqual({ [bob.id]: 'admin', [cat.id]: 'member' });
    // Her cursors hold nothing back: Cat reading is everyone reading.
    await cat.client.post(`/api/messages/groups/${group._id}/read`, { upTo: sent._id });
    await expect
      .poll(async () => (await history(bob, group._id)).find((message) => message._id === sent._id)?.readAt, {
        message: 'read by everyone left in it',
        timeout: 10_000,
      })
      .toEqual(expect.any(String));
  });

  it('shows nothing of a group to someone never in it, as if there were none', async () => {
    const ann = await server.user('Ann Private');
    const eve = await server.user('Eve Outsider');
    const group = await groupOf(ann, []);
    for (const response of [
      await eve.client.get(`/api/messages/groups/${group._id}`),
      await eve.client.get(`/api/messages/groups/${group._id}/messages`),
      await send(eve, group._id, 'hi'),
      await eve.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [eve.id] }),
    ]) {
      expect(response).toMatchObject({ status: 404, body: { message: GROUP_ERRORS.notFound } });
    }
  });

  it.each([
    ['no name', { memberIds: [] }, 'Group name is required, at most 100 characters'],
    ['a blank name', { name: '   ' }, 'Group name is required, at most 100 characters'],
    ['a name too long', { name: 'x'.repeat(101) }, 'Group name is required, at most 100 characters'],
    ['a member who is not an id', { name: 'Ok', memberIds: ['nope'] }, 'Each member must be a user id'],
    ['too many members', { name: 'Ok', memberIds: Array.from({ length: MAX_GROUP_MEMBERS }, () => randomUUID()) }, GROUP_ERRORS.full],
    ['someone with no account', { name: 'Ok', memberIds: [randomUUID()] }, GROUP_ERRORS.unknownMember],
  ])('refuses a group with %s: 400 "%s", and nothing is made', async (_case, body, message) => {
    const ann = await server.user('Ann Invalid');
    const response = await ann.client.post('/api/messages/groups', body);
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect((await ann.client.get('/api/messages/groups')).body).toEqual([]);
  });
});
