import { describe, expect, it } from 'vitest';
import { serverUrl, uniqueName } from '#test-support';
import { createRedisBlockedPairs } from '../src/blocked-pairs-redis.js';
import { createInProcessBlockedPairs, type BlockedPairs } from '../src/blocked-pairs.js';

const implementations: [string, () => Promise<BlockedPairs>][] = [
  ['in-process', async () => createInProcessBlockedPairs()],
  ['Redis', () => createRedisBlockedPairs(serverUrl('redis'), { keyPrefix: `${uniqueName('test')}:` })],
];

describe.each(implementations)('%s blocked pairs', (_name, open) => {
  it('hides each of a pair from the other while either blocks, and shows them again once neither does', async () => {
    const pairs = await open();
    await pairs.block('ann', 'bob');
    await pairs.block('ann', 'cat');
    expect((await pairs.hiddenPeers('ann')).sort()).toEqual(['bob', 'cat']);
    expect(await pairs.hiddenPeers('bob')).toEqual(['ann']);

    await pairs.block('bob', 'ann');
    await pairs.unblock('ann', 'bob');
    expect(await pairs.hiddenPeers('bob'), 'Bob still blocks Ann').toEqual(['ann']);
    await pairs.unblock('bob', 'ann');
    expect(await pairs.hiddenPeers('bob')).toEqual([]);
    expect(await pairs.hiddenPeers('ann')).toEqual(['cat']);
    await pairs.close();
  });
});
