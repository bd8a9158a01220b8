import type { Message } from '@chat/contracts';
import { mp4Video, pngBytes, toDataUrl, webmRecording } from '#test-support';
import { expect, it } from 'vitest';
import { describeOnEachDatabase, type TestUser } from '../messages-server.js';

describeOnEachDatabase('a conversation’s media, links and docs', (server) => {
  const send = async (from: TestUser, to: TestUser, body: object) =>
    (await from.client.post<Message>(`/api/messages/send/${to.id}`, body)).body;
  const shared = async (user: TestUser, peer: TestUser, query: string) => {
    const response = await user.client.get(`/api/messages/shared/${peer.id}?${query}`);
    expect(response.status, query).toBe(200);
    return (response.body as Message[]).map((message) => message.text ?? message.file?.name ?? 'a photo');
  };

  it('lists the photos and videos, the other files (not voice messages) and the messages with a web link, each newest first, paged', async () => {
    const [ann, bob, cat] = [await server().user('Ann Shares'), await server().user('Bob Shares'), await server().user('Cat Shares')];
    const photo = toDataUrl(await pngBytes(), 'image/png');
    expect((await bob.client.sendFile(ann.id, { name: 'waves.mp4', bytes: mp4Video() })).status).toBe(201);
    await send(ann, bob, { image: photo });
    await send(bob, ann, { text: 'the beach', image: photo });
    await send(ann, bob, { text: 'no link here, e.g. file.txt or a@b.com' });
    await send(ann, bob, { text: 'see https://example.com/menu' });
    await send(bob, ann, { text: 'or chat.io for short' });
    expect((await ann.client.sendFile(bob.id, { name: 'menu.pdf', bytes: new TextEncoder().encode('%PDF-1.7') })).status).toBe(201);
    expect((await ann.client.sendFile(bob.id, { name: 'voice', bytes: webmRecording() }, { voiceSeconds: '3' })).status).toBe(201);
    await send(ann, cat, { text: 'https://elsewhere.org', image: photo });

    for (const [me, peer] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      expect(await shared(me, peer, 'kind=media')).toEqual(['the beach', 'a photo', 'waves.mp4']);
      expect(await shared(me, peer, 'kind=docs')).toEqual(['menu.pdf']);
      expect(await shared(me, peer, 'kind=links')).toEqual(['or chat.io for short', 'see https://example.com/menu']);
    }
    expect(await shared(ann, bob, 'kind=media&limit=1')).toEqual(['the beach']);
    const beach = ((await ann.client.get(`/api/messages/shared/${bob.id}?kind=media&limit=1`)).body as Message[])[0]!;
    expect(await shared(ann, bob, `kind=media&before=${beach._id}`), 'the page after').toEqual(['a photo', 'waves.mp4']);
  });

  it('follows edits and deletions, and leaves out what I deleted for me', async () => {
    const [ann, bob] = [await server().user('Ann Edits Links'), await server().user('Bob Edits Links')];
    const plain = await send(ann, bob, { text: 'the address is soon' });
    const linked = await send(ann, bob, { text: 'https://maps.example.com/x' });
    const photo = await send(bob, ann, { image: toDataUrl(await pngBytes(), 'image/png') });
    await ann.client.post(`/api/messages/edit/${plain._id}`, { text: 'the address is www.example.com/here' });
    await ann.client.post(`/api/messages/edit/${linked._id}`, { text: 'never mind' });
    expect(await shared(bob, ann, 'kind=links')).toEqual(['the address is www.example.com/here']);
    await ann.client.post(`/api/messages/delete/${plain._id}`);
    expect(await shared(bob, ann, 'kind=links')).toEqual([]);
    await ann.client.post(`/api/messages/delete-for-me/${bob.id}`, { messageIds: [photo._id] });
    expect(await shared(ann, bob, 'kind=media')).toEqual([]);
    expect(await shared(bob, ann, 'kind=media'), 'Bob keeps his photo').toEqual(['a photo']);
  });

  it('lists a group’s for its members: what was shared while each was in it, but what they deleted for themselves', async () => {
    const [ann, bob, cat] = [
      await server().user('Ann Group Shares'),
      await server().user('Bob Group Shares'),
      await server().user('Cat Group Shares'),
    ];
    const group = (await ann.client.post<{ _id: string }>('/api/messages/groups', { name: 'Shared things', memberIds: [bob.id] })).body;
    const say = async (from: TestUser, body: object) => {
      const response = await from.client.post<Message>(`/api/messages/groups/${group._id}/send`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };
    const photo = toDataUrl(await pngBytes(), 'image/png');
    await say(ann, { text: 'before Cat', image: photo });
    expect((await ann.client.post(`/api/messages/groups/${group._id}/members`, { memberIds: [cat.id] })).status).toBe(200);
    await say(bob, { text: 'the lake', image: photo });
    const hidden = await say(ann, { text: 'Cat hides this', image: photo });
    await say(ann, { text: 'tickets at https://example.com/tickets' });
    expect((await cat.client.post(`/api/messages/delete-for-me/${group._id}`, { messageIds: [hidden._id] })).status).toBe(200);
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${cat.id}`)).status).toBe(204);
    await say(bob, { text: 'after Cat', image: photo });

    const sharedIn = async (user: TestUser, query: string) => shared(user, { id: group._id } as TestUser, query);
    expect(await sharedIn(cat, 'kind=media')).toEqual(['the lake']);
    expect(await sharedIn(cat, 'kind=links')).toEqual(['tickets at https://example.com/tickets']);
    expect(await sharedIn(bob, 'kind=media')).toEqual(['after Cat', 'Cat hides this', 'the lake', 'before Cat']);
    const stranger = await server().user('Dan Group Shares');
    expect((await stranger.client.get(`/api/messages/shared/${group._id}?kind=media`)).status, 'never in it').toBe(404);
  });

  it('refuses another kind, and an unknown user', async () => {
    const ann = await server().user('Ann Kinds');
    const bob = await server().user('Bob Kinds');
    const bad = await ann.client.get(`/api/messages/shared/${bob.id}?kind=videos`);
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: { message: 'kind must be one of media, docs, links' } });
    expect((await ann.client.get(`/api/messages/shared/${bob.id}`)).body).toEqual({ message: 'kind is required' });
    expect((await ann.client.get('/api/messages/shared/00000000-0000-4000-8000-000000000000?kind=media')).status).toBe(404);
  });
});
