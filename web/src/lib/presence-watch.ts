import { MAX_WATCHED_USERS, type WatchPresence } from '@chat/contracts';
import type { ChatState } from '../store/use-chat-store';
import type { ChatSocket } from './socket';

/**
 * Whose presence the app shows: everyone while the whole contact list is loaded (a small
 * deployment sees exactly what it always saw), else the people on screen: the open conversation's
 * and the loaded sidebar pages'.
 */
export function watchedUsers(state: Pick<ChatState, 'users' | 'usersCursor' | 'usersQuery' | 'selectedUser'>): WatchPresence {
  if (!state.usersCursor && !state.usersQuery) return 'everyone';
  const ids = new Set(state.selectedUser ? [state.selectedUser._id] : []);
  for (const user of state.users) {
    if (ids.size >= MAX_WATCHED_USERS) break;
    ids.add(user._id);
  }
  return [...ids];
}

/** What the server knows of a watch: the same people in any order are the same watch. */
const keyOf = (watch: WatchPresence) => (watch === 'everyone' ? watch : [...watch].sort().join(','));

/** How long the screen may settle (a page loading, a search typed) before the server is told. */
const SETTLE_MS = 100;

/**
 * Tells the server whom this socket watches whenever the people on screen change, and again on
 * each connection (a new socket hears everyone until told otherwise).
 */
export function watchPresence(socket: ChatSocket, read: () => ChatState) {
  let told = keyOf('everyone');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const watch = watchedUsers(read());
      const key = keyOf(watch);
      if (key === told || !socket.connected) return;
      told = key;
      socket.emit('watchPresence', watch);
    }, SETTLE_MS);
  };
  return {
    update,
    connected() {
      told = keyOf('everyone');
      update();
    },
    stop: () => clearTimeout(timer),
  };
}
