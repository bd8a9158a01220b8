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

/** How often the count of everyone online is asked again while only some are watched. */
export const COUNT_EVERY_MS = 30_000;

/**
 * Tells the server whom this socket watches whenever the people on screen change, and again on
 * each connection (a new socket hears everyone until told otherwise). While it watches only some,
 * the "(N online)" count comes from the server (`setCount`), asked with each watch and every
 * COUNT_EVERY_MS; `null` while everyone is watched, when the app counts them itself.
 */
export function watchPresence(socket: ChatSocket, read: () => ChatState, setCount: (count: number | null) => void) {
  let told = keyOf('everyone');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const askCount = () => {
    if (told !== keyOf('everyone') && socket.connected) socket.emit('countOnline', setCount);
  };
  const counting = setInterval(askCount, COUNT_EVERY_MS);
  const update = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const watch = watchedUsers(read());
      const key = keyOf(watch);
      if (key === told || !socket.connected) return;
      told = key;
      socket.emit('watchPresence', watch);
      if (watch === 'everyone') setCount(null);
      else askCount();
    }, SETTLE_MS);
  };
  return {
    update,
    connected() {
      told = keyOf('everyone');
      setCount(null);
      update();
    },
    stop() {
      clearTimeout(timer);
      clearInterval(counting);
    },
  };
}
