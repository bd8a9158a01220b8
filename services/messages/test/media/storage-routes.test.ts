import { randomBytes } from 'node:crypto';
import { STORAGE_FULL } from '@chat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, toDataUrl } from '#test-support';
import { startMessagesService } from '../messages-server.js';

const MIB = 1024 * 1024;

describe('what one user’s messages may keep in the store', () => {
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService({ rateLimits: { storageBytesPerUser: 3 * MIB } });
  });
  afterAll(() => server.app.close());

  const file = (bytes: number) => ({ name: 'notes.bin', bytes: randomBytes(bytes) });

  it('counts files, pictures and forwards, refuses with 413 what does not fit, and frees what a deletion frees', async () => {
    const [ann, bob, cy] = [await server.user('Ann Storage'), await server.user('Bob Storage'), await server.user('Cy Storage')];
    const first = await ann.client.sendFile(bob.id, file(MIB));
    expect(first.status).toBe(201);
    expect((await ann.client.post(`/api/messages/send/${bob.id}`, { image: toDataUrl(await pngBytes(), 'image/png') })).status).toBe(201);
    const afterTwo = (await ann.client.get('/api/messages/storage')).body as { usedBytes: number; allowedBytes: number };
    expect(afterTwo.allowedBytes).toBe(3 * MIB);
    expect(afterTwo.usedBytes).toBeGreaterThan(MIB);
    expect(afterTwo.usedBytes).toBeLessThan(MIB + 64 * 1024);
    // A forward stores nothing new, yet counts as much as what it carries against the one who forwards it.
    expect((await ann.client.post(`/api/messages/send/${cy.id}`, { forwardOf: first.body._id })).status).toBe(201);
    const full = await ann.client.sendFile(bob.id, file(MIB));
    expect([full.status, full.body]).toEqual([413, { message: STORAGE_FULL }]);
    expect(((await bob.client.get(`/api/messages/${ann.id}`)).body as unknown[]).length, 'nothing stored of it').toBe(2);
    // Someone else's storage is their own.
    expect((await bob.client.sendFile(ann.id, file(MIB))).status).toBe(201);
    // Deleting a file frees its room.
    expect((await ann.client.post(`/api/messages/delete/${first.body._id}`)).status).toBe(200);
    expect((await ann.client.sendFile(bob.id, file(MIB))).status).toBe(201);
  });
});

describe('the files budget', () => {
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService({ rateLimits: { filesPerMinutePerUser: 2 } });
  });
  afterAll(() => server.app.close());

  it('counts a picture and a forwarded file as it counts an uploaded file', async () => {
    const [ann, bob] = [await server.user('Ann Budget'), await server.user('Bob Budget')];
    const sent = await ann.client.sendFile(bob.id, { name: 'a.txt', bytes: new TextEncoder().encode('one') });
    expect(sent.status).toBe(201);
    expect((await ann.client.post(`/api/messages/send/${bob.id}`, { image: toDataUrl(await pngBytes(), 'image/png') })).status).toBe(201);
    const forward = await ann.client.post(`/api/messages/send/${bob.id}`, { forwardOf: sent.body._id });
    expect([forward.status, forward.body]).toEqual([429, { message: 'You are sending files too fast. Please slow down.' }]);
    expect((await ann.client.post(`/api/messages/send/${bob.id}`, { text: 'words still go' })).status).toBe(201);
  });
});
