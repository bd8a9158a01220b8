import { randomUUID } from 'node:crypto';
import { subjects, type Message } from '@chat/contracts';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, toDataUrl } from '#test-support';
import { startMessagesService } from '../messages-server.js';

describe('exporting my data', () => {
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService();
  });
  afterAll(() => server.app.close());

  it('downloads a zip of my profile card, every conversation oldest first, and the pictures in them', async () => {
    const ann = await server.user('Ann Export');
    const bob = await server.user('Bob Export');
    const cat = await server.user('Cat Export');
    const eve = await server.user('Eve Stranger');
    const send = async (from: typeof ann, to: typeof ann, body: object) =>
      (await from.client.post(`/api/messages/send/${to.id}`, body)).body as Message;
    const hello = await send(ann, bob, { text: 'hello Bob' });
    const picture = await send(bob, ann, { image: toDataUrl(await pngBytes(), 'image/png'), replyTo: hello._id });
    await send(ann, cat, { text: 'hi Cat' });
    await send(bob, eve, { text: 'not Ann’s business' });
    await ann.client.post(`/api/messages/block/${eve.id}`);
    await ann.client.post(`/api/messages/star/${picture._id}`);
    await bob.client.post(`/api/messages/star/${hello._id}`);
    await server.bus.publishEvent(
      subjects.usersUpserted,
      JSON.stringify({ _id: ann.id, fullName: 'Ann Export', profilePic: '', about: 'Exporting things' }),
      randomUUID(),
    );

    const response = await ann.client.get('/api/messages/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="chat-io-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(response.body as Buffer));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));

    expect(
      Object.keys(files)
        .filter((name) => !name.startsWith('media/'))
        .sort(),
    ).toEqual(['README.txt', `conversations/${bob.id}.json`, `conversations/${cat.id}.json`, 'profile.json'].sort());
    expect(json('profile.json')).toMatchObject({
      _id: ann.id,
      fullName: 'Ann Export',
      about: 'Exporting things',
      settings: { sendReadReceipts: true, showLastSeen: true, callsFrom: 'everyone' },
      blocked: [{ _id: eve.id, fullName: 'Eve Stranger' }],
    });
    const withBob = json(`conversations/${bob.id}.json`);
    expect(withBob.with).toEqual({ _id: bob.id, fullName: 'Bob Export' });
    expect(
      withBob.messages.map((message: Message) => [message._id, Boolean(message.starred)]),
      'Ann’s stars, not Bob’s',
    ).toEqual([
      [hello._id, false],
      [picture._id, true],
    ]);
    const imageFile = withBob.messages[1].image as string;
    expect(imageFile).toBe(`media/${picture.image!.replace('/api/media/', '')}`);
    expect(Buffer.from(files[imageFile]!)).toEqual(Buffer.from((await ann.client.get(picture.image!)).body as Buffer));
    expect(withBob.messages[1].replyTo).toMatchObject({ _id: hello._id, text: 'hello Bob' });
    expect(JSON.stringify(json(`conversations/${cat.id}.json`))).not.toContain('not Ann’s business');
  });

  it('puts each group I am or was in in the zip: what I saw of it, while I was in it, its lines and pictures, my stars', async () => {
    const [ann, bob, cat] = [
      await server.user('Ann Group Export'),
      await server.user('Bob Group Export'),
      await server.user('Cat Group Export'),
    ];
    const post = async (from: typeof ann, url: string, body: object) => {
      const response = await from.client.post(url, body);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      return response.body as { _id: string };
    };
    await post(ann, `/api/messages/send/${bob.id}`, { text: 'a message of two' });
    const group = await post(ann, '/api/messages/groups', { name: 'Export club', memberIds: [bob.id] });
    const say = (from: typeof ann, body: object) => post(from, `/api/messages/groups/${group._id}/send`, body) as Promise<Message>;
    await say(ann, { text: 'before Cat' });
    await post(ann, `/api/messages/groups/${group._id}/members`, { memberIds: [cat.id] });
    const photo = await say(bob, { image: toDataUrl(await pngBytes(), 'image/png') });
    const hidden = await say(ann, { text: 'Cat deletes this for herself' });
    await post(cat, `/api/messages/delete-for-me/${group._id}`, { messageIds: [hidden._id] });
    await post(cat, `/api/messages/star/${photo._id}`, {});
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${cat.id}`)).status).toBe(204);
    await say(ann, { text: 'after Cat' });

    const files = unzipSync(new Uint8Array((await cat.client.get('/api/messages/export')).body as Buffer));
    expect(Object.keys(files).filter((name) => !name.startsWith('media/'))).toEqual(
      expect.arrayContaining([`groups/${group._id}.json`, 'profile.json', 'README.txt']),
    );
    const exported = JSON.parse(strFromU8(files[`groups/${group._id}.json`]!));
    expect(exported.group).toEqual({ _id: group._id, name: 'Export club', left: true });
    const shown = exported.messages.map((message: Message) => message.text ?? message.system?.kind ?? (message.image && 'photo'));
    expect(shown, 'from the line adding her to the one removing her').toEqual(['added', 'photo', 'removed']);
    expect(exported.messages[1].starred).toBe(true);
    expect(files[exported.messages[1].image], 'the photo in media/').toBeDefined();
    expect(strFromU8(files['README.txt']!)).toContain('groups/*.json');
    const annsFiles = unzipSync(new Uint8Array((await ann.client.get('/api/messages/export')).body as Buffer));
    const annsGroup = JSON.parse(strFromU8(annsFiles[`groups/${group._id}.json`]!));
    expect(annsGroup.group, 'still in it').toEqual({ _id: group._id, name: 'Export club' });
    expect(annsGroup.messages.filter((message: Message) => message.text).map((message: Message) => message.text)).toEqual([
      'before Cat',
      'Cat deletes this for herself',
      'after Cat',
    ]);
  });

  it('answers 401 without a session, and holds one user to two exports a minute', async () => {
    const dan = await server.user('Dan Export');
    const anonymous = await server.user('Nobody');
    anonymous.client.cookie = '';
    expect((await anonymous.client.get('/api/messages/export')).status).toBe(401);
    expect((await dan.client.get('/api/messages/export')).status).toBe(200);
    expect((await dan.client.get('/api/messages/export')).status).toBe(200);
    const third = await dan.client.get('/api/messages/export');
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: 'An export is on its way. Please wait a minute before asking again.' });
  });
});
