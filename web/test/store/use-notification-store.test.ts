import type { Mute } from '@chat/contracts';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../src/api/client';
import { useAuthStore } from '../../src/store/use-auth-store';
import { isMuted, useNotificationStore } from '../../src/store/use-notification-store';
import { me } from '../../../test/support/an-auth-user';

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useNotificationStore.setState({ mutes: {} });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  useAuthStore.setState({ authUser: null });
});

describe('muted conversations', () => {
  it('loads my mutes from the server, in place of whatever was shown', async () => {
    useNotificationStore.setState({ mutes: { old: null } });
    const until = new Date(Date.now() + 60_000).toISOString();
    vi.spyOn(api, 'getMutes').mockResolvedValue([
      { userId: 'bob', until },
      { userId: 'cat', until: null },
    ]);
    await useNotificationStore.getState().loadMutes();
    expect(useNotificationStore.getState().mutes).toEqual({ bob: until, cat: null });
  });

  it('mutes at once for the length chosen, keeps the server’s end, and puts a refused mute back with the reason', async () => {
    const until = new Date(Date.now() + 8 * 3_600_000).toISOString();
    let answer!: (mute: Mute) => void;
    vi.spyOn(api, 'mute').mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const muting = useNotificationStore.getState().mute('bob', '8h');
    expect(isMuted(useNotificationStore.getState().mutes, 'bob'), 'before the server answers').toBe(true);
    answer({ userId: 'bob', until });
    await muting;
    expect(useNotificationStore.getState().mutes).toEqual({ bob: until });

    vi.spyOn(api, 'mute').mockRejectedValueOnce(new ApiError('User not found', 404));
    const shown = vi.spyOn(toast, 'error');
    await useNotificationStore.getState().mute('cat', 'always');
    expect(useNotificationStore.getState().mutes).toEqual({ bob: until });
    expect(shown).toHaveBeenCalledWith('User not found');
  });

  it('brings the bell back when a mute runs out', () => {
    vi.useFakeTimers();
    useNotificationStore.getState().applyMute({ userId: 'bob', muted: true, until: new Date(Date.now() + 8 * 3_600_000).toISOString() });
    vi.advanceTimersByTime(8 * 3_600_000 - 1000);
    expect(useNotificationStore.getState().mutes).toHaveProperty('bob');
    vi.advanceTimersByTime(1000);
    expect(useNotificationStore.getState().mutes).toEqual({});
  });

  it('forgets the last user’s mutes when someone else signs in on the tab', () => {
    useNotificationStore.getState().applyMute({ userId: 'bob', muted: true, until: null });
    useAuthStore.setState({ authUser: null });
    expect(useNotificationStore.getState().mutes).toEqual({});
  });

  it('moves the mutes this browser kept before they were the account’s to the account, once', async () => {
    localStorage.setItem('chat-notifications', JSON.stringify({ desktop: true, sound: false, muted: ['bob', 'cat'] }));
    vi.resetModules();
    const { api: freshApi } = await import('../../src/api/client');
    const { useAuthStore: freshAuth } = await import('../../src/store/use-auth-store');
    const { useNotificationStore: fresh } = await import('../../src/store/use-notification-store');
    freshAuth.setState({ authUser: me });
    vi.spyOn(freshApi, 'getMutes').mockResolvedValue([{ userId: 'cat', until: null }]);
    const mute = vi.spyOn(freshApi, 'mute').mockResolvedValue({ userId: 'bob', until: null });
    await fresh.getState().loadMutes();
    expect(mute.mock.calls).toEqual([['bob', 'always']]);
    expect(fresh.getState().mutes).toEqual({ bob: null, cat: null });
    expect(JSON.parse(localStorage.getItem('chat-notifications')!)).toEqual({ desktop: true, sound: false });
    await fresh.getState().loadMutes();
    expect(mute).toHaveBeenCalledTimes(1);
  });
});
