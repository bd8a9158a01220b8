import { join } from 'node:path';
import { tempDir } from '#test-support';
import { describe, expect, it } from 'vitest';
import { createDiskBlobStore } from '../src/blobs.js';

const newStore = async () => createDiskBlobStore(join(await tempDir('chat-blobs'), 'media'));

describe('disk blob store', () => {
  it('stores, returns and deletes bytes by key', async () => {
    const blobs = await newStore();
    await blobs.put('avatars/u/one.png', Buffer.from([1, 2, 3]));
    expect(await blobs.get('avatars/u/one.png')).toEqual(Buffer.from([1, 2, 3]));
    await blobs.delete('avatars/u/one.png');
    expect(await blobs.get('avatars/u/one.png')).toBeNull();
  });

  it('answers null for a key never stored', async () => {
    const blobs = await newStore();
    expect(await blobs.get('messages/none.png')).toBeNull();
  });

  it('refuses a key that would leave its directory', async () => {
    const blobs = await newStore();
    await expect(blobs.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/escapes the store/);
    await expect(blobs.get('../../etc/passwd')).rejects.toThrow(/escapes the store/);
  });
});
