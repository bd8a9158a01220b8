import { describe, expect, it } from 'vitest';
import type { ChatSocket } from '../../src/realtime/socket';
import { useAuthStore } from '../../src/store/use-auth-store';
import { usePresenceStore } from '../../src/store/use-presence-store';

describe('who is online', () => {
  it('applies a snapshot and then deltas to one set of ids', () => {
    const store = usePresenceStore.getState();
    store.setOnlineUsers(['a', 'b', 'b']);
    expect(usePresenceStore.getState().onlineUsers.sort()).toEqual(['a', 'b']);
    usePresenceStore.getState().applyPresenceChange({ online: ['c'], offline: ['a'] });
    expect(usePresenceStore.getState().onlineUsers.sort()).toEqual(['b', 'c']);
    usePresenceStore.getState().applyPresenceChange({ online: ['c'], offline: ['zzz'] });
    expect(usePresenceStore.getState().onlineUsers.sort()).toEqual(['b', 'c']);
  });

  it('is nobody once the socket is gone (a logout, a session ended)', () => {
    useAuthStore.setState({ socket: {} as ChatSocket });
    usePresenceStore.setState({ onlineUsers: ['a', 'b'], onlineCount: 3 });
    useAuthStore.setState({ socket: null });
    expect(usePresenceStore.getState()).toMatchObject({ onlineUsers: [], onlineCount: null });
  });

  it('is nobody while the connection is lost and being made again: nobody shows "Online" on old news', () => {
    useAuthStore.setState({ socket: {} as ChatSocket, isReconnecting: false });
    usePresenceStore.setState({ onlineUsers: ['a', 'b'], onlineCount: 3 });
    useAuthStore.setState({ isReconnecting: true });
    expect(usePresenceStore.getState()).toMatchObject({ onlineUsers: [], onlineCount: null });
  });
});
