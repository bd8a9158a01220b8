import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSizeOf, THUMBNAIL_WIDTH, thumbnailUrl, type Message } from '@chat/contracts';
import { mediaKeyFromUrl, thumbnailKey } from '@chat/media';
import sharp from 'sharp';
import { aMessage, ApiClient, svgBytes, pngBytes, toDataUrl } from '#test-support';
import { startMessagesService } from '../messages-server.js';

let server: Awaited<ReturnType<typeof startMessagesService>>;
beforeAll(async () => {
  server = await startMessagesService();
});
afterAll(() => server.app.close());

const send = (from: { client: ApiClient }, to: { id: string }, body: unknown, headers?: Record<string, string>) =>
  from.client.post(`/api/messages/send/${to.id}`, body, headers);

describe('POST /api/messages/send/:id', () => {
  it('stores a text message, answers 201 and publishes it for both users', async () => {
    const ann = await server.user('Ann');
    const bob = await server.user('Bob');
    const toBob = server.published(bob.id);
    const toAnn = server.published(ann.id);
    const response = await send(ann, bob, { text: '  hello Bob 👋  ' }, { 'x-socket-id': 'tab-1' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(
      aMessage({
        _id: expect.stringMatching(/^\d+$/),
        senderId: ann.id,
        receiverId: bob.id,
        text: 'hello Bob 👋',
        createdAt: expect.any(String),
      }),
    );
    expect(toBob).toEqual([{ event: 'newMessage', payload: response.body, originSocketId: 'tab-1' }]);
    expect(toAnn).toEqual([{ event: 'newMessage', payload: response.body, originSocketId: 'tab-1' }]);
  });

  it('answers each send exactly as the conversation then shows it: a file, a reply quoting it, a forward, a link without its card', async () => {
    const ann = await server.user('Ann Answers');
    const bob = await server.user('Bob Answers');
    const file = await ann.client.sendFile<Message>(bob.id, { name: 'plan.pdf', bytes: new TextEncoder().encode('%PDF-1.7\n%%EOF\n') }, {});
    const reply = await send(bob, ann, { text: 'about this', replyTo: file.body._id });
    const forward = await send(bob, ann, { forwardOf: file.body._id });
    const link = await send(ann, bob, { text: 'see https://example.com', linkPreview: false, clientMessageId: randomUUID() });
    const answers = [file, reply, forward, link].map((response) => response.body as Message);
    expect(answers[1]!.replyTo).toEqual({ _id: file.body._id, senderId: ann.id, text: null, image: null, fileName: 'plan.pdf' });
    expect(answers[2]).toMatchObject({ forwarded: true, file: file.body.file });
    expect(answers[3]!.noLinkPreview).toBe(true);
    expect((await ann.client.get(`/api/messages/${bob.id}`)).body).toEqual(answers);
  });

  it('returns the first message when a clientMessageId is sent again, and stores it once', async () => {
    const ann = await server.user('Retrier');
    const bob = await server.user('Receiver');
    const clientMessageId = randomUUID();
    const first = await send(ann, bob, { text: 'once', clientMessageId });
    const again = await send(ann, bob, { text: 'once', clientMessageId });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await ann.client.get(`/api/messages/${bob.id}`)).body).toHaveLength(1);
  });

  it.each([
    [{}, 'Message must have text or an image'],
    [{ text: '   ', image: null }, 'Message must have text or an image'],
    [{ text: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    [{ text: 42 }, 'Text must be a string'],
    [{ text: 'hi', clientMessageId: 'nope' }, 'clientMessageId must be a UUID'],
    [{ image: toDataUrl(svgBytes(), 'image/png') }, 'Image must be a PNG, JPEG, GIF or WebP file'],
    [{ image: toDataUrl(Buffer.from('hello, not an image'), 'image/jpeg') }, 'Image must be a PNG, JPEG, GIF or WebP file'],
  ])('answers 400 to %o with "%s" and stores nothing', async (body, message) => {
    const ann = await server.user('Invalid Sender');
    const bob = await server.user('Invalid Receiver');
    const response = await send(ann, bob, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect((await ann.client.get(`/api/messages/${bob.id}`)).body).toEqual([]);
  });

  it('accepts exactly 2000 characters', async () => {
    const ann = await server.user('Long');
    const bob = await server.user('Reader');
    expect((await send(ann, bob, { text: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('answers 404 to an unknown receiver and 400 to a malformed id', async () => {
    const ann = await server.user('Lonely');
    const unknown = await send(ann, { id: randomUUID() }, { text: 'anyone?' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    const malformed = await send(ann, { id: 'not-an-id' }, { text: 'hi' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Invalid user id' });
  });

  it('refuses a message to oneself', async () => {
    const ann = await server.user('Narcissus');
    const response = await send(ann, ann, { text: 'me' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'You cannot send a message to yourself' });
  });

  it('answers 401 when signed out', async () => {
    const bob = await server.user('Target');
    const response = await new ApiClient(server.baseUrl).post(`/api/messages/send/${bob.id}`, { text: 'hi' });
    expect(response.status).toBe(401);
  });
});

describe('images', () => {
  it('round-trips an image to both participants and to nobody else', async () => {
    const ann = await server.user('Painter');
    const bob = await server.user('Viewer');
    const eve = await server.user('Eve');
    const png = await pngBytes(12, 10);
    const sent = await send(ann, bob, { text: 'look', image: toDataUrl(png, 'image/png') });
    expect(sent.status).toBe(201);
    expect(sent.body.image).toMatch(/^\/api\/media\/messages\/[0-9a-f-_]+\/[0-9a-f-]{36}\.12x10\.png$/);
    expect(imageSizeOf(sent.body.image), 'its size, for the list to keep its place before it loads').toEqual({ width: 12, height: 10 });
    for (const reader of [ann, bob]) {
      const image = await reader.client.get(sent.body.image);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect((image.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    }
    const stolen = await eve.client.get(sent.body.image);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: 'Not found' });
    expect((await new ApiClient(server.baseUrl).get(sent.body.image)).status).toBe(401);
  });

  it('serves a thumbnail at most 400 px wide as WebP for lists, kept since the send or made on its first ask', async () => {
    const ann = await server.user('Thumb Sender');
    const bob = await server.user('Thumb Reader');
    const eve = await server.user('Thumb Outsider');
    const sent = await send(ann, bob, { image: toDataUrl(await pngBytes(1200, 800), 'image/png') });
    const widthOf = async (response: { body: unknown }) => (await sharp(response.body as Buffer).metadata()).width;
    const thumbnail = await bob.client.get(thumbnailUrl(sent.body.image));
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(await widthOf(thumbnail)).toBe(THUMBNAIL_WIDTH);
    expect(await widthOf(await bob.client.get(sent.body.image)), 'the original, whole').toBe(1200);
    expect((await eve.client.get(thumbnailUrl(sent.body.image))).status).toBe(404);

    const key = mediaKeyFromUrl(sent.body.image)!;
    await server.blobs.delete(thumbnailKey(key));
    expect(await widthOf(await ann.client.get(thumbnailUrl(sent.body.image))), 'made again for an image without one').toBe(THUMBNAIL_WIDTH);
    expect(await server.blobs.get(thumbnailKey(key)), 'and kept').not.toBeNull();

    const small = await send(ann, bob, { image: toDataUrl(await pngBytes(120, 90), 'image/png') });
    expect(imageSizeOf(small.body.image)).toEqual({ width: 120, height: 90 });
    expect(await widthOf(await bob.client.get(thumbnailUrl(small.body.image))), 'never enlarged').toBe(120);

    await ann.client.post(`/api/messages/delete/${sent.body._id}`);
    expect((await ann.client.get(thumbnailUrl(sent.body.image))).status, 'gone with its message').toBe(404);
    expect(await server.blobs.get(thumbnailKey(key))).toBeNull();
  });

  it('serves an avatar to anyone signed in', async () => {
    const ann = await server.user('Avatar Owner');
    const key = `avatars/${ann.id}/${randomUUID()}.png`;
    await server.blobs.put(key, await pngBytes());
    const viewer = await server.user('Avatar Viewer');
    expect((await viewer.client.get(`/api/media/${key}`)).status).toBe(200);
  });

  it('answers 404 to a key that is missing or not a media key', async () => {
    const ann = await server.user('Prober');
    expect((await ann.client.get(`/api/media/avatars/${ann.id}/${randomUUID()}.png`)).status).toBe(404);
    expect((await ann.client.get('/api/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await ann.client.get('/api/media/whatever.svg')).status).toBe(404);
  });
});

describe('GET /api/messages/:id', () => {
  it('answers the conversation oldest first, both directions, and nothing of other pairs', async () => {
    const ann = await server.user('History A');
    const bob = await server.user('History B');
    const cat = await server.user('History C');
    await send(ann, bob, { text: 'one' });
    await send(bob, ann, { text: 'two' });
    await send(ann, cat, { text: 'to cat' });
    await send(ann, bob, { text: 'three' });
    const fromAnn = await ann.client.get(`/api/messages/${bob.id}`);
    const fromBob = await bob.client.get(`/api/messages/${ann.id}`);
    expect(fromAnn.status).toBe(200);
    expect(fromAnn.body.map((m: { text: string }) => m.text)).toEqual(['one', 'two', 'three']);
    // The same messages; only their receipts moved, as each fetch delivered what it carried.
    const withoutReceipts = (body: Array<Record<string, unknown>>) => body.map(({ deliveredAt: _d, readAt: _r, ...m }) => m);
    expect(withoutReceipts(fromBob.body)).toEqual(withoutReceipts(fromAnn.body));
    // Cat asking for Ann sees only what is between Cat and Ann.
    expect((await cat.client.get(`/api/messages/${ann.id}`)).body.map((m: { text: string }) => m.text)).toEqual(['to cat']);
    expect((await cat.client.get(`/api/messages/${bob.id}`)).body).toEqual([]);
  });

  it('pages back with before and limit', async () => {
    const ann = await server.user('Pager');
    const bob = await server.user('Paged');
    for (let i = 1; i <= 7; i++) await send(ann, bob, { text: `m${i}` });
    const texts = (body: Array<{ text: string }>) => body.map((m) => m.text);
    const latest = await ann.client.get(`/api/messages/${bob.id}?limit=3`);
    expect(texts(latest.body)).toEqual(['m5', 'm6', 'm7']);
    const older = await ann.client.get(`/api/messages/${bob.id}?limit=3&before=${latest.body[0]._id}`);
    expect(texts(older.body)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await ann.client.get(`/api/messages/${bob.id}?limit=3&before=${older.body[0]._id}`);
    expect(texts(oldest.body)).toEqual(['m1']);
  });

  it('answers the latest 50 by default', async () => {
    const ann = await server.user('Chatty');
    const bob = await server.user('Patient');
    for (let i = 1; i <= 55; i++) await send(ann, bob, { text: `n${i}` });
    const page = (await ann.client.get(`/api/messages/${bob.id}`)).body;
    expect(page).toHaveLength(50);
    expect(page[0].text).toBe('n6');
    expect(page[49].text).toBe('n55');
  });

  it.each([
    ['?limit=0', 'limit must be an integer from 1 to 100'],
    ['?limit=101', 'limit must be an integer from 1 to 100'],
    ['?limit=abc', 'limit must be an integer from 1 to 100'],
    ['?before=-1', 'before must be a message id'],
    ['?before=1e5', 'before must be a message id'],
  ])('answers 400 to %s', async (query, message) => {
    const ann = await server.user('Bad Query');
    const bob = await server.user('Bad Query Peer');
    const response = await ann.client.get(`/api/messages/${bob.id}${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('answers 404 to an unknown user and 400 to a malformed id', async () => {
    const ann = await server.user('Asker');
    expect((await ann.client.get(`/api/messages/${randomUUID()}`)).status).toBe(404);
    const malformed = await ann.client.get('/api/messages/123');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Invalid user id' });
  });
});
