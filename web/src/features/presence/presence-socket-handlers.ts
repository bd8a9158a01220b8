import type { SocketHandlers } from '../../realtime/socket-handlers';
import { useChatStore } from '../../store/use-chat-store';
import { usePresenceStore } from '../../store/use-presence-store';
import { refreshIfNew } from '../inbox';

/** Who is online: the snapshot on connecting, then the changes (last seen, a block's hiding, a newcomer). */
export const presenceSocketHandlers: SocketHandlers<'getOnlineUsers' | 'onlineUsersChanged'> = {
  getOnlineUsers: (ids) => usePresenceStore.getState().setOnlineUsers(ids),
  onlineUsersChanged(change) {
    usePresenceStore.getState().applyPresenceChange(change);
    const chat = useChatStore.getState();
    chat.markSeen([...change.online, ...change.offline]);
    if (change.hidden) chat.hideLastSeen(change.hidden);
    refreshIfNew(change.online);
  },
};
