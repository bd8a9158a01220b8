import { randomUUID } from 'node:crypto';
import {
  FILE_ERRORS,
  MAX_FILE_BYTES,
  MAX_VOICE_SECONDS,
  subjects,
  VOICE_MESSAGE_NAME,
  type Message,
  type MessageSearchResult,
  type UserEvent,
} from '@chat/contracts';
import { eventually, mp4Video, webmRecording } from '#test-support';
import { strFromU8, unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('sending a file', (server) => {
  const pdf = new TextEncoder().encode('%PDF-1.7\n<script>alert(1)</script>\n%%EOF\n');
  const recording = webmRecording();
  const history = async (user: TestUser, peer: TestUser) => (await user.client.get(`/api/messages/${peer.id}`)).body as Message[];

  it('sends a document with a caption to both people, downloaded by them alone under its name, never shown by the browser', async () => {
    const [ann, bob, eve] = [await server().user('Ann Files'), await server().user('Bob Files'), await server().user('Eve Files')];
    const toBob = server().published(bob.id);
    const sent = await ann.client.sendFile<Message>(
      bob.id,
      { name: 'C:\\Users\\ann\\Quarterly report.pdf', bytes: pdf },
      { text: '  Q3 figures  ' },
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ senderId: ann.id, receiverId: bob.id, text: 'Q3 figures', image: null });
    expect(sent.body.file).toEqual({
      url: expect.stringMatching(/^\/api\/media\/files\//),
      name: 'Quarterly report.pdf',
      size: pdf.length,
    });
    expect(toBob).toEqual([expect.objectContaining({ event: 'newMessage', payload: sent.body } satisfies Partial<UserEvent>)]);
    expect((await history(bob, ann)).at(-1)).toEqual(sent.body);

    const download = await bob.client.get(sent.body.file!.url);
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, Buffer.from(pdf))).toBe(0);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe('attachment');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await eve.client.get(sent.body.file!.url)).status, 'Ann and Bob’s alone').toBe(404);
  });

  it('stores a retried clientMessageId once, quotes a file by its name, and forwards it (stored once) beyond the original', async () => {
    const [ann, bob, cat] = [
      await server().user('Ann Retries Files'),
      await server().user('Bob Retries Files'),
      await server().user('Cat Retries Files'),
    ];
    const clientMessageId = randomUUID();
    const first = await ann.client.sendFile<Message>(bob.id, { name: 'plan.txt', bytes: pdf }, { clientMessageId });
    const retry = await ann.client.sendFile<Message>(bob.id, { name: 'plan.txt', bytes: pdf }, { clientMessageId });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body).toEqual(first.body);

    const reply = await bob.client.post<Message>(`/api/messages/send/${ann.id}`, { text: 'Got it', replyTo: first.body._id });
    expect(reply.body.replyTo).toEqual({ _id: first.body._id, senderId: ann.id, text: null, image: null, fileName: 'plan.txt' });

    const forward = await bob.client.post<Message>(`/api/messages/send/${cat.id}`, {
      forwardOf: first.body._id,
      clientMessageId: randomUUID(),
    });
    expect(forward.status).toBe(201);
    expect(forward.body).toMatchObject({ forwarded: true, file: { name: 'plan.txt', size: pdf.length } });
    expect(forward.body.file!.url, 'the same stored file, not a copy').toBe(first.body.file!.url);

    expect((await ann.client.post(`/api/messages/delete/${first.body._id}`)).status).toBe(200);
    expect((await ann.client.get(first.body.file!.url)).status, 'the deleted message’s file is no longer Ann’s').toBe(404);
    const [deleted, quoting] = (await history(bob, ann)).slice(-2);
    expect(deleted).not.toHaveProperty('file');
    expect(quoting!.replyTo, 'the quote names no file any more').toEqual({
      _id: first.body._id,
      senderId: ann.id,
      text: null,
      image: null,
    });
    expect((await cat.client.get(forward.body.file!.url)).status, 'the forward keeps it').toBe(200);
  });

  it('puts the file in my export, and takes the files of an account deleted', async () => {
    const [ann, bob] = [await server().user('Ann Exports Files'), await server().user('Bob Exports Files')];
    const sent = (await ann.client.sendFile<Message>(bob.id, { name: 'notes.md', bytes: pdf })).body;
    await bob.client.post(`/api/messages/star/${sent._id}`);
    const files = unzipSync(new Uint8Array((await bob.client.get('/api/messages/export')).body as Buffer));
    const exported = JSON.parse(strFromU8(files[`conversations/${ann.id}.json`]!)).messages[0];
    expect(exported.file).toEqual({ url: `media/${sent.file!.url.replace('/api/media/', '')}`, name: 'notes.md', size: pdf.length });
    expect(Buffer.compare(Buffer.from(files[exported.file.url]!), Buffer.from(pdf))).toBe(0);

    await server().bus.publishEvent(subjects.usersDeleted, JSON.stringify({ _id: ann.id }), randomUUID());
    await eventually(async () => (await bob.client.get(sent.file!.url)).status === 404, 'the file of the account deleted gone');
    const [gone] = await history(bob, ann);
    expect(gone).toMatchObject({ deletedAt: expect.any(String), text: null });
    expect(gone).not.toHaveProperty('file');
    expect(((await bob.client.get('/api/messages/starred')).body as MessageSearchResult[]).length, 'its star gone with it').toBe(0);
  });

  it('sends a voice message, served to both people as the audio it is and forwarded as one; refuses one that is no recording', async () => {
    const [ann, bob, cat] = [await server().user('Ann Voice'), await server().user('Bob Voice'), await server().user('Cat Voice')];
    const sent = await ann.client.sendFile<Message>(bob.id, { name: 'blob', bytes: recording }, { voiceSeconds: '7' });
    expect(sent.status).toBe(201);
    expect(sent.body.file).toEqual({
      url: expect.stringMatching(/^\/api\/media\/voice\/.+\.webm$/),
      name: VOICE_MESSAGE_NAME,
      size: recording.length,
      voice: { seconds: 7 },
    });
    const played = await bob.client.get(sent.body.file!.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/webm');
    expect(played.headers.get('content-disposition')).toBeNull();
    expect((await cat.client.get(sent.body.file!.url)).status).toBe(404);

    const forward = await bob.client.post<Message>(`/api/messages/send/${cat.id}`, {
      forwardOf: sent.body._id,
      clientMessageId: randomUUID(),
    });
    expect(forward.body.file).toMatchObject({ name: VOICE_MESSAGE_NAME, voice: { seconds: 7 }, url: expect.stringMatching(/\.webm$/) });
    expect((await cat.client.get(forward.body.file!.url)).headers.get('content-type')).toBe('audio/webm');

    const notAudio = await ann.client.sendFile(bob.id, { name: 'fake.webm', bytes: pdf }, { voiceSeconds: '3' });
    expect([notAudio.status, notAudio.body]).toEqual([400, { message: FILE_ERRORS.notAudio }]);
    const tooLong = await ann.client.sendFile(
      bob.id,
      { name: 'long.webm', bytes: recording },
      { voiceSeconds: String(MAX_VOICE_SECONDS + 1) },
    );
    expect(tooLong.status).toBe(400);
  });

  it('plays a video file where it is shown: served to both people as the video it is, a range of it on request, and forwarded as one', async () => {
    const [ann, bob, cat] = [await server().user('Ann Video'), await server().user('Bob Video'), await server().user('Cat Video')];
    const video = mp4Video();
    const sent = await ann.client.sendFile<Message>(bob.id, { name: 'beach.mov', bytes: video }, { text: 'the waves' });
    expect(sent.status).toBe(201);
    expect(sent.body.file).toEqual({
      url: expect.stringMatching(/^\/api\/media\/videos\/.+\.mp4$/),
      name: 'beach.mov',
      size: video.length,
      video: true,
    });
    const played = await bob.client.get(sent.body.file!.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(played.headers.get('accept-ranges')).toBe('bytes');
    expect(played.headers.get('content-disposition')).toBeNull();
    expect(played.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.compare(played.body as Buffer, Buffer.from(video))).toBe(0);
    expect((await cat.client.get(sent.body.file!.url)).status, 'Ann and Bob’s alone').toBe(404);

    const part = await bob.client.request('GET', sent.body.file!.url, undefined, { range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${video.length}`);
    expect((part.body as Buffer).toString('latin1')).toBe('ftypisom');
    const tail = await bob.client.request('GET', sent.body.file!.url, undefined, { range: 'bytes=-10' });
    expect([tail.status, (tail.body as Buffer).length, tail.headers.get('content-range')]).toEqual([
      206,
      10,
      `bytes ${video.length - 10}-${video.length - 1}/${video.length}`,
    ]);
    const past = await bob.client.request('GET', sent.body.file!.url, undefined, { range: `bytes=${video.length}-` });
    expect([past.status, past.body, past.headers.get('content-range')]).toEqual([
      416,
      { message: 'Range not satisfiable' },
      `bytes */${video.length}`,
    ]);

    const forward = await bob.client.post<Message>(`/api/messages/send/${cat.id}`, {
      forwardOf: sent.body._id,
      clientMessageId: randomUUID(),
    });
    expect(forward.body.file).toMatchObject({
      name: 'beach.mov',
      video: true,
      url: expect.stringMatching(/^\/api\/media\/videos\/.+\.mp4$/),
    });
    expect((await cat.client.get(forward.body.file!.url)).headers.get('content-type')).toBe('video/mp4');
  });

  it('keeps a file named as a video that is none a document, downloaded and never played', async () => {
    const [ann, bob] = [await server().user('Ann Fake Video'), await server().user('Bob Fake Video')];
    const sent = await ann.client.sendFile<Message>(bob.id, { name: 'movie.mp4', bytes: pdf });
    expect(sent.body.file).toEqual({ url: expect.stringMatching(/^\/api\/media\/files\//), name: 'movie.mp4', size: pdf.length });
    const download = await bob.client.get(sent.body.file!.url);
    expect([download.headers.get('content-type'), download.headers.get('content-disposition')]).toEqual([
      'application/octet-stream',
      'attachment',
    ]);
  });

  it('refuses a send without a file, an empty file, one past the limit, a bad field, and JSON', async () => {
    const [ann, bob] = [await server().user('Ann Refused Files'), await server().user('Bob Refused Files')];
    const refusal = async (response: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await response;
      return [status, body];
    };
    const form = new FormData();
    form.append('text', 'no file here');
    expect(await refusal(ann.client.post(`/api/messages/send-file/${bob.id}`, form))).toEqual([400, { message: FILE_ERRORS.missing }]);
    expect(await refusal(ann.client.sendFile(bob.id, { name: 'empty.txt', bytes: new Uint8Array() }))).toEqual([
      400,
      { message: FILE_ERRORS.empty },
    ]);
    expect(await refusal(ann.client.sendFile(bob.id, { name: 'big.bin', bytes: new Uint8Array(MAX_FILE_BYTES + 1) }))).toEqual([
      413,
      { message: FILE_ERRORS.tooLarge },
    ]);
    expect(await refusal(ann.client.sendFile(bob.id, { name: 'a.txt', bytes: pdf }, { clientMessageId: 'not-a-uuid' }))).toEqual([
      400,
      { message: 'clientMessageId must be a UUID' },
    ]);
    expect(await refusal(ann.client.post(`/api/messages/send-file/${bob.id}`, { text: 'hi' }))).toEqual([
      400,
      { message: FILE_ERRORS.notMultipart },
    ]);
    expect(await history(bob, ann)).toEqual([]);
  });
});
