import { chmod, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, routes } from '@chat/contracts';
import {
  ApiClient,
  collectEvents,
  connected,
  embeddedDataDir,
  eventually,
  nextEvent,
  openSocket,
  pngBytes,
  toDataUrl,
} from '#test-support';
import { startEmbedded } from './embedded-server.js';

let server: Awaited<ReturnType<typeof startEmbedded>>;
beforeAll(async () => {
  server = await startEmbedded();
});
afterAll(() => server.app.close());

const signedUp = (name: string) => server.signedUp(name);

describe('embedded mode: the whole product in one process', () => {
  it('serves every route of the contracts, by its method and path', () => {
    const missing = Object.entries(routes)
      .filter(([, route]) => !server.app.hasRoute({ method: route.method, url: API_PREFIX + route.url }))
      .map(([name, route]) => `${name}: ${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('keeps its data to the machine’s owner: DATA_DIR 0700 (even one made looser before), stored pictures 0600', async () => {
    const dataDir = await embeddedDataDir('chat-embedded-private');
    await chmod(dataDir, 0o755);
    const own = await startEmbedded({ DATA_DIR: dataDir });
    try {
      const ann = new ApiClient(own.baseUrl);
      const annUser = await ann.signup('Ann Private');
      const picture = toDataUrl(await pngBytes(), 'image/png');
      expect((await ann.put('/api/auth/update-profile', { profilePic: picture })).status).toBe(200);
      const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
      const avatars = join(dataDir, 'media', 'avatars', annUser._id);
      const [stored] = await readdir(avatars);
      expect([await modeOf(dataDir), await modeOf(avatars), await modeOf(join(avatars, stored!))]).toEqual([0o700, 0o700, 0o600]);
    } finally {
      await own.app.close();
    }
  });

  it('shows a new signup in the others’ contact lists', async () => {
    const ann = await signedUp('Ann Embedded');
    const bob = await signedUp('Bob Embedded');
    const contacts = (await ann.client.get('/api/messages/users')).body;
    expect(contacts).toContainEqual(expect.objectContaining({ _id: bob.user._id, fullName: 'Bob Embedded', profilePic: '' }));
    expect(contacts.map((c: { _id: string }) => c._id)).not.toContain(ann.user._id);
  });

  it('ends a logged-out session everywhere in the process; logging out of all devices ends the rest', async () => {
    const ann = await signedUp('Ann Sessions');
    const phone = new ApiClient(server.baseUrl);
    await phone.post('/api/auth/login', { email: ann.user.email, password: 'secret123' });
    const laptopCookie = ann.client.cookie;
    const laptopTab = await ann.socket();
    const phoneTab = await connected(openSocket(server.baseUrl, { cookie: phone.cookie, userId: ann.user._id }));
    const laptopEnded = nextEvent(laptopTab, 'disconnect');

    await ann.client.post('/api/auth/logout');
    expect(await laptopEnded).toBe('io server disconnect');
    const replay = new ApiClient(server.baseUrl);
    replay.cookie = laptopCookie;
    expect((await replay.get('/api/messages/users')).status).toBe(401);
    expect(phoneTab.connected).toBe(true);

    const phoneEnded = nextEvent(phoneTab, 'disconnect');
    const laptop = new ApiClient(server.baseUrl);
    await laptop.post('/api/auth/login', { email: ann.user.email, password: 'secret123' });
    expect((await laptop.post('/api/auth/logout-all')).body).toEqual({ message: 'Logged out of all devices' });
    expect(await phoneEnded).toBe('io server disconnect');
    expect((await phone.get('/api/auth/check')).status).toBe(401);
  });

  it('delivers a message live to the receiver and the sender’s other tab, not to a third user', async () => {
    const ann = await signedUp('Ann Live');
    const bob = await signedUp('Bob Live');
    const cat = await signedUp('Cat Live');
    const annTab1 = await ann.socket();
    const annTab2 = await ann.socket();
    const bobTab = await bob.socket();
    const catTab = await cat.socket();
    const atBob = collectEvents(bobTab, 'newMessage');
    const atAnnTab1 = collectEvents(annTab1, 'newMessage');
    const atAnnTab2 = collectEvents(annTab2, 'newMessage');
    const atCat = collectEvents(catTab, 'newMessage');

    const sent = await ann.client.post(`/api/messages/send/${bob.user._id}`, { text: 'Hi Bob 😀' }, { 'x-socket-id': annTab1.id! });
    expect(sent.status).toBe(201);
    await eventually(() => atBob.length === 1 && atAnnTab2.length === 1, 'delivery to Bob and to Ann’s other tab');
    expect(atBob).toEqual([sent.body]);
    expect(atAnnTab2).toEqual([sent.body]);

    // Each later message is a barrier on its own socket: an earlier one sent there would be there first.
    const reply = await bob.client.post(`/api/messages/send/${ann.user._id}`, { text: 'Hi Ann' });
    await eventually(() => atAnnTab1.length === 1 && atAnnTab2.length === 2, 'the reply reaches both of Ann’s tabs');
    expect(atAnnTab1).toEqual([reply.body]);
    const toCat = await ann.client.post(`/api/messages/send/${cat.user._id}`, { text: 'Hi Cat' });
    await eventually(() => atCat.length > 0, 'Cat receives her own message');
    expect(atCat).toEqual([toCat.body]);
    expect((await cat.client.get(`/api/messages/${ann.user._id}`)).body).toEqual([toCat.body]);
    expect((await bob.client.get(`/api/messages/${ann.user._id}`)).body).toEqual([sent.body, reply.body]);
    for (const socket of [annTab1, annTab2, bobTab, catTab]) socket.disconnect();
  });

  it('takes a text sent over the socket as over HTTP: answered with the stored message, delivered, no echo to the sending tab', async () => {
    const ann = await signedUp('Ann Socket Send');
    const bob = await signedUp('Bob Socket Send');
    const annTab1 = await ann.socket();
    const annTab2 = await ann.socket();
    const bobTab = await bob.socket();
    const atBob = collectEvents(bobTab, 'newMessage');
    const atAnnTab1 = collectEvents(annTab1, 'newMessage');
    const atAnnTab2 = collectEvents(annTab2, 'newMessage');

    const answer = await annTab1.timeout(10_000).emitWithAck('sendMessage', { to: bob.user._id, text: 'Over the socket 🚀' });
    expect(answer).toEqual({
      message: expect.objectContaining({ senderId: ann.user._id, receiverId: bob.user._id, text: 'Over the socket 🚀' }),
    });
    const { message } = answer as { message: unknown };
    await eventually(() => atBob.length === 1 && atAnnTab2.length === 1, 'delivery to Bob and to Ann’s other tab');
    expect(atBob).toEqual([message]);
    expect(atAnnTab2).toEqual([message]);
    expect((await bob.client.get(`/api/messages/${ann.user._id}`)).body).toEqual([message]);

    expect(await bobTab.timeout(10_000).emitWithAck('sendMessage', { to: bob.user._id, text: 'me' })).toEqual({
      error: { status: 400, message: 'You cannot send a message to yourself' },
    });
    // Bob's reply is a barrier on Ann's first tab: had her own message come back to it, it would be there first.
    const reply = await bobTab.timeout(10_000).emitWithAck('sendMessage', { to: ann.user._id, text: 'Got it' });
    await eventually(() => atAnnTab1.length === 1, 'the reply reaches Ann’s first tab');
    expect(atAnnTab1).toEqual([(reply as { message: unknown }).message]);
    for (const socket of [annTab1, annTab2, bobTab]) socket.disconnect();
  });
  it('shows a user going online and offline', async () => {
    const ann = await signedUp('Ann Presence');
    const bob = await signedUp('Bob Presence');
    const annSocket = await ann.socket();
    const changes = collectEvents<{ online: string[]; offline: string[] }>(annSocket, 'onlineUsersChanged');
    const bobSocket = openSocket(server.baseUrl, { cookie: bob.client.cookie, userId: bob.user._id });
    const snapshot = nextEvent<string[]>(bobSocket, 'getOnlineUsers');
    await connected(bobSocket);
    expect(await snapshot).toEqual(expect.arrayContaining([ann.user._id, bob.user._id]));
    await eventually(() => changes.some((c) => c.online.includes(bob.user._id)), 'Bob online');
    bobSocket.disconnect();
    await eventually(() => changes.some((c) => c.offline.includes(bob.user._id)), 'Bob offline');
    annSocket.disconnect();
  });

  it('round-trips an image and the avatar as their URLs', async () => {
    const ann = await signedUp('Ann Images');
    const bob = await signedUp('Bob Images');
    const profile = await ann.client.put('/api/auth/update-profile', { profilePic: toDataUrl(await pngBytes(), 'image/png') });
    expect(profile.status).toBe(200);
    expect((await bob.client.get(profile.body.profilePic)).status).toBe(200);
    expect((await bob.client.get('/api/messages/users')).body).toContainEqual(
      expect.objectContaining({ _id: ann.user._id, fullName: 'Ann Images', profilePic: profile.body.profilePic }),
    );
    const sent = await ann.client.post(`/api/messages/send/${bob.user._id}`, { image: toDataUrl(await pngBytes(), 'image/png') });
    expect(sent.status).toBe(201);
    const image = await bob.client.get(sent.body.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('answers health and readiness', async () => {
    const client = new ApiClient(server.baseUrl);
    expect((await client.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).body).toEqual({ status: 'ready' });
  });

  it('deletes an account on the right password: its sessions end, and the other side keeps the words (and their stars) as from “Deleted user”', async () => {
    const ann = await signedUp('Ann Leaving');
    const bob = await signedUp('Bob Staying');
    await ann.client.put('/api/auth/update-profile', { profilePic: toDataUrl(await pngBytes(), 'image/png') });
    const avatar = (await ann.client.get('/api/auth/check')).body.profilePic as string;
    const words = await ann.client.post(`/api/messages/send/${bob.user._id}`, { text: 'goodbye, Bob' });
    const picture = await ann.client.post(`/api/messages/send/${bob.user._id}`, { image: toDataUrl(await pngBytes(), 'image/png') });
    await bob.client.post(`/api/messages/send/${ann.user._id}`, { text: 'see you' });
    for (const message of [words, picture]) await bob.client.post(`/api/messages/star/${message.body._id}`);
    const annTab = await ann.socket();
    const ended = nextEvent(annTab, 'disconnect');

    const wrong = await ann.client.post('/api/auth/delete-account', { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: 'Incorrect password' });
    const cookie = ann.client.cookie;
    const deleted = await ann.client.post('/api/auth/delete-account', { password: 'secret123' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Your account has been deleted' });
    expect(await ended).toBe('io server disconnect');
    const replay = new ApiClient(server.baseUrl);
    replay.cookie = cookie;
    expect((await replay.get('/api/auth/check')).status).toBe(401);
    expect((await replay.get('/api/messages/users')).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { email: ann.user.email, password: 'secret123' })).status).toBe(
      401,
    );
    expect((await bob.client.get(avatar)).status).toBe(404);

    await eventually(async () => {
      const entries = (await bob.client.get('/api/messages/users')).body as { _id: string; fullName: string }[];
      return entries.some((entry) => entry._id === ann.user._id && entry.fullName === 'Deleted user');
    }, 'Bob’s conversation with Ann shown as with “Deleted user”');
    const entries = (await bob.client.get('/api/messages/users')).body as { _id: string }[];
    expect(entries.find((entry) => entry._id === ann.user._id)).toMatchObject({ profilePic: '', lastSeen: null, accountDeleted: true });
    const history = (await bob.client.get(`/api/messages/${ann.user._id}`)).body as {
      _id: string;
      text: string | null;
      image: string | null;
      deletedAt: string | null;
    }[];
    expect(history.map(({ text, image, deletedAt }) => ({ text, image, deleted: deletedAt !== null }))).toEqual([
      { text: 'goodbye, Bob', image: null, deleted: false },
      { text: null, image: null, deleted: true },
      { text: 'see you', image: null, deleted: false },
    ]);
    expect(history[0]!._id).toBe(words.body._id);
    const starred = (await bob.client.get('/api/messages/starred')).body as { message: { text: string } }[];
    expect(
      starred.map(({ message }) => message.text),
      'her words stay starred, the picture that went does not',
    ).toEqual(['goodbye, Bob']);
    expect((await bob.client.get(picture.body.image)).status, 'her image removed').toBe(404);
    const toNobody = await bob.client.post(`/api/messages/send/${ann.user._id}`, { text: 'are you there?' });
    expect(toNobody.status).toBe(404);
    expect((await bob.client.get('/api/messages/users?q=leaving')).body).toEqual([]);
    // The email is free again.
    expect((await new ApiClient(server.baseUrl).signup('Ann Again', ann.user.email)).email).toBe(ann.user.email);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await new ApiClient(server.baseUrl).get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });
});

describe('metrics for Prometheus', () => {
  /** The value of one sample line in the text format, e.g. `chat_messages_sent_total{outcome="stored"}`. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  /** Where a server serves /metrics, once it listens. */
  const metricsUrl = (app: FastifyInstance) => {
    const address = app.metricsServer?.server.address();
    if (!address || typeof address === 'string') throw new Error('no metrics listener');
    return `http://127.0.0.1:${address.port}`;
  };

  it('serves none unless asked, and never on the app’s own port', async () => {
    const response = await new ApiClient(server.baseUrl).get('/metrics');
    expect(response.status).toBe(404);
    expect(server.app.metricsServer).toBeUndefined();
    const own = await startEmbedded({ METRICS_PORT: '0' });
    try {
      expect((await new ApiClient(own.baseUrl).get('/metrics')).status).toBe(404);
      expect((await new ApiClient(metricsUrl(own.app)).get('/metrics')).status).toBe(200);
    } finally {
      await own.app.close();
    }
  });

  it('counts what was sent, delivered and connected, and times each route', async () => {
    const own = await startEmbedded({ METRICS_PORT: '0' });
    try {
      const client = () => new ApiClient(own.baseUrl);
      const [ann, bob] = [client(), client()];
      await ann.signup('Ann Metrics');
      const bobUser = await bob.signup('Bob Metrics');
      const bobTab = await connected(openSocket(own.baseUrl, { cookie: bob.cookie, userId: bobUser._id }));
      const atBob = collectEvents(bobTab, 'newMessage');
      const body = { text: 'counted', clientMessageId: '6f1f7a4e-3c1b-4c1e-9f43-2b8a5b0a1c01' };
      expect((await ann.post(`/api/messages/send/${bobUser._id}`, body)).status).toBe(201);
      expect((await ann.post(`/api/messages/send/${bobUser._id}`, body)).status).toBe(200);
      await eventually(() => atBob.length === 1, 'the message at Bob’s socket');

      const response = await new ApiClient(metricsUrl(own.app)).get('/metrics');
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = response.body.toString();
      expect(sample(text, 'chat_messages_sent_total{outcome="stored"}')).toBe(1);
      expect(sample(text, 'chat_messages_sent_total{outcome="duplicate"}')).toBe(1);
      expect(sample(text, 'chat_messages_delivered_total')).toBe(1);
      expect(sample(text, 'chat_sockets_connected')).toBe(1);
      expect(sample(text, 'chat_outbox_oldest_wait_seconds')).toBe(0);
      expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/messages/send/:id",status_code="201"}')).toBe(1);
      expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/auth/signup",status_code="201"}')).toBe(2);
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).not.toContain('route="/readyz"');
      bobTab.disconnect();
    } finally {
      await own.app.close();
    }
  });
});
