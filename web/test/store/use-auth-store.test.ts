import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../src/lib/api';
import type { ChatSocket } from '../../src/lib/socket';
import { useAuthStore } from '../../src/store/use-auth-store';

describe('presence in useAuthStore', () => {
  it('applies a snapshot and then deltas to one set of ids', () => {
    const store = useAuthStore.getState();
    store.setOnlineUsers(['a', 'b', 'b']);
    expect(useAuthStore.getState().onlineUsers.sort()).toEqual(['a', 'b']);
    useAuthStore.getState().applyPresenceChange({ online: ['c'], offline: ['a'] });
    expect(useAuthStore.getState().onlineUsers.sort()).toEqual(['b', 'c']);
    useAuthStore.getState().applyPresenceChange({ online: ['c'], offline: ['zzz'] });
    expect(useAuthStore.getState().onlineUsers.sort()).toEqual(['b', 'c']);
  });
});

describe('a session the server ended', () => {
  const me = { _id: 'me', fullName: 'Me', email: 'me@example.com', profilePic: '', createdAt: '', settings: { sendReadReceipts: true, showLastSeen: true } };

  afterEach(() => {
    vi.restoreAllMocks();
    useAuthStore.setState({ authUser: null, socket: null });
  });

  it('signs out with a toast when the session is over', async () => {
    useAuthStore.setState({ authUser: me });
    vi.spyOn(api, 'checkAuth').mockRejectedValue(new ApiError('Not authenticated', 401));
    const shown = vi.spyOn(toast, 'error');
    await useAuthStore.getState().recheckSession();
    expect(useAuthStore.getState().authUser).toBeNull();
    expect(shown).toHaveBeenCalledWith('Your session has ended. Please log in again.');
  });

  it('connects again when the session still holds, or the check could not be made', async () => {
    const connect = vi.fn();
    useAuthStore.setState({ authUser: me, socket: { connect } as unknown as ChatSocket });
    vi.spyOn(api, 'checkAuth').mockResolvedValueOnce(me).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useAuthStore.getState().recheckSession();
    await useAuthStore.getState().recheckSession();
    expect(connect).toHaveBeenCalledTimes(2);
    expect(useAuthStore.getState().authUser).toEqual(me);
  });
});
