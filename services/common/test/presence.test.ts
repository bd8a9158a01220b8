import { describe, expect, it } from 'vitest';
import { createInProcessPresence, type PresenceChange } from '../src/presence.js';

describe('in-process presence', () => {
  it('keeps a user online until their last connection leaves', async () => {
    const presence = createInProcessPresence();
    const changes: PresenceChange[] = [];
    presence.onChange((change) => changes.push(change));

    await presence.connect('ann');
    await presence.connect('ann');
    await presence.connect('bob');
    expect((await presence.onlineUsers()).sort()).toEqual(['ann', 'bob']);

    await presence.disconnect('ann');
    expect(await presence.onlineUsers()).toContain('ann');
    await presence.disconnect('ann');
    expect(await presence.onlineUsers()).toEqual(['bob']);

    expect(changes).toEqual([
      { userId: 'ann', online: true },
      { userId: 'bob', online: true },
      { userId: 'ann', online: false },
    ]);
  });

  it('ignores a disconnect of a user who is not connected', async () => {
    const presence = createInProcessPresence();
    const changes: PresenceChange[] = [];
    presence.onChange((change) => changes.push(change));
    await presence.disconnect('ghost');
    expect(changes).toEqual([]);
    expect(await presence.onlineUsers()).toEqual([]);
  });
});
