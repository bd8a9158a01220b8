import { describe, expect, it } from 'vitest';
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
