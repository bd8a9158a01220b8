import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BlobStore } from '@chat/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUserData } from '../../src/export/export.js';
import { startMessagesService } from '../messages-server.js';

describe('an export read slowly', () => {
  /** What the export read of the store, with how much of the zip its reader had taken by then. */
  const reads: { key: string; taken: number }[] = [];
  let taken = 0;
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService();
  });
  afterAll(() => server.app.close());

  it('reads each stored file only once the reader has taken the ones before it: never the whole media in memory', async () => {
    const [ann, bob] = [await server.user('Ann Many Files'), await server.user('Bob Slow Reader')];
    const FILES = 6;
    const MIB = 1024 * 1024;
    for (let i = 0; i < FILES; i++) {
      expect((await ann.client.sendFile(bob.id, { name: `part-${i}.bin`, bytes: randomBytes(MIB) })).status).toBe(201);
    }
    const blobs: BlobStore = {
      ...server.blobs,
      get: async (key) => {
        reads.push({ key, taken });
        return server.blobs.get(key);
      },
    };
    const zip = await exportUserData({ db: server.db, blobs, log: server.app.log }, bob.id);
    // A slow reader: a piece a turn of its loop.
    for await (const piece of zip) {
      taken += (piece as Buffer).length;
      await nextTurn();
    }
    const fileReads = reads.filter(({ key }) => key.startsWith('files/'));
    expect(fileReads).toHaveLength(FILES);
    fileReads.forEach(({ taken: before }, i) => {
      expect(before, `how much of the zip the reader had taken when file ${i} was read`).toBeGreaterThanOrEqual((i - 1) * MIB);
    });
  });
});
