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
      settings: { sendReadReceipts: true, showLastSeen: true },
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
