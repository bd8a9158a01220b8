import type { OnlineUsersChanged } from '@chat/contracts';
import { create } from 'zustand';
import { useAuthStore } from './use-auth-store';

interface PresenceState {
  /** Who is online among those this socket watches (the user included), as the gateway said. */
  onlineUsers: string[];
  /** How many others are online, from the server, while only some users are watched; else null (counted from onlineUsers). */
  onlineCount: number | null;
  /** The gateway's snapshot: everyone watched who is online now. */
  setOnlineUsers(ids: string[]): void;
  setOnlineCount(count: number | null): void;
  /** The changes since the last push, applied to the snapshot. */
  applyPresenceChange(change: OnlineUsersChanged): void;
}

/**
 * Who is online, as this tab's socket hears it; nobody once the socket is gone or while it
 * reconnects (what it heard last may no longer hold: nobody is shown "Online" on old news).
 */
export const usePresenceStore = create<PresenceState>((set, get) => {
  useAuthStore.subscribe((state, previous) => {
    const lost = (previous.socket && !state.socket) || (!previous.isReconnecting && state.isReconnecting);
    if (lost) set({ onlineUsers: [], onlineCount: null });
  });
  return {
    onlineUsers: [],
    onlineCount: null,

    setOnlineUsers(ids) {
      set({ onlineUsers: [...new Set(ids)] });
    },

    setOnlineCount(onlineCount) {
      set({ onlineCount });
    },

    applyPresenceChange({ online, offline, hidden = [] }) {
      const ids = new Set(get().onlineUsers);
      for (const id of [...offline, ...hidden]) ids.delete(id);
      for (const id of online) ids.add(id);
      set({ onlineUsers: [...ids] });
    },
  };
});
