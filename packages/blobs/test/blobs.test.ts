import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, tempDir, uniqueName } from '#test-support';
import { createDiskBlobStore, type BlobStore } from '../src/blobs.js';
import { createS3BlobStore } from '../src/s3.js';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const implementations: [string, () => Promise<BlobStore>][] = [
  ['disk', async () => createDiskBlobStore(join(await tempDir('chat-blobs'), 'media'))],
  ['S3', () => createS3BlobStore(s3.options(uniqueName('bucket').replaceAll('_', '-')))],
];

describe.each(implementations)('%s blob store', (_name, newStore) => {
  it('stores, returns and deletes bytes by key', async () => {
    const blobs = await newStore();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await blobs.put('avatars/u/one.png', bytes);
    expect(await blobs.get('avatars/u/one.png')).toEqual(bytes);
    await blobs.delete('avatars/u/one.png');
    expect(await blobs.get('avatars/u/one.png')).toBeNull();
  });

  it('answers null for a key never stored', async () => {
    const blobs = await newStore();
    expect(await blobs.get('messages/none.png')).toBeNull();
  });

  it('answers a ping', async () => {
    const blobs = await newStore();
    await expect(blobs.ping()).resolves.toBeUndefined();
  });
});

describe('disk blob store', () => {
  it('refuses a key that would leave its directory', async () => {
    const blobs = await createDiskBlobStore(join(await tempDir('chat-blobs'), 'media'));
    await expect(blobs.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/escapes the store/);
    await expect(blobs.get('../../etc/passwd')).rejects.toThrow(/escapes the store/);
  });
});

describe('S3 blob store', () => {
  it('creates its bucket when missing and shares it with a second replica', async () => {
    const options = s3.options(uniqueName('bucket').replaceAll('_', '-'));
    const [one, two] = await Promise.all([createS3BlobStore(options), createS3BlobStore(options)]);
    await one.put('messages/a/b/x.png', Buffer.from('shared'));
    expect(await two.get('messages/a/b/x.png')).toEqual(Buffer.from('shared'));
  });

  it('fails its ping when the server is gone', async () => {
    const server = await startS3Server();
    const blobs = await createS3BlobStore(server.options('gone'));
    await server.close();
    await expect(blobs.ping()).rejects.toThrow();
  });
});
