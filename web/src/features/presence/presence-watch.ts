import { MAX_WATCHED_USERS, type HandshakeAuth, type WatchPresence } from '@chat/contracts';
import type { ChatState } from '../../store/use-chat-store';
import type { ChatSocket } from '../../realtime/socket';

/**
 * Whose presence the app shows: everyone while the whole contact list is loaded (a small
 * deployment sees exactly what it always saw), else the people on screen: the open conversation's
 * and the loaded sidebar pages' (none before the first page came: not everyone of a large deployment).
 * An open group's members come first after the open conversation's person: its header counts them.
 */
export function watchedUsers(
  state: Pick<ChatState, 'users' | 'usersLoaded' | 'usersCursor' | 'usersQuery' | 'selectedUser' | 'selectedGroup'>,
): WatchPresence {
  if (state.usersLoaded && !state.usersCursor && !state.usersQuery) return 'everyone';
  const ids = new Set(state.selectedUser ? [state.selectedUser._id] : []);
  for (const member of state.selectedGroup?.members.slice(0, MAX_WATCHED_USERS) ?? []) ids.add(member.userId);
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
 * Tells the server whom this socket watches: in each handshake (Socket.IO's `auth`, so a socket
 * reconnecting among many online is not first sent all of them), and whenever the people on
 * screen change. While it watches only some, the "(N online)" count comes from the server
 * (`setCount`), asked with each watch and every COUNT_EVERY_MS; `null` while everyone is watched,
 * when the app counts them itself.
 */
export function watchPresence(socket: ChatSocket, read: () => ChatState, setCount: (count: number | null) => void) {
  let told = keyOf('everyone');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watchesEveryone = () => told === keyOf('everyone');
  const askCount = () => {
    // An answer that comes once everyone is watched again is stale: the app counts them itself then.
    if (!watchesEveryone() && socket.connected) socket.emit('countOnline', (count) => watchesEveryone() || setCount(count));
  };
  const counting = setInterval(askCount, COUNT_EVERY_MS);
  /** The count for what the server was told: the app's own while everyone is watched, else the server's. */
  const recount = () => (watchesEveryone() ? setCount(null) : askCount());
  socket.auth = (send) => {
    const watch = watchedUsers(read());
    told = keyOf(watch);
    send({ watchPresence: watch } satisfies HandshakeAuth);
  };
  const update = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const watch = watchedUsers(read());
      if (keyOf(watch) === told || !socket.connected) return;
      socket.emit('watchPresence', watch);
      told = keyOf(watch);
      recount();
    }, SETTLE_MS);
  };
  return {
    update,
    /** The handshake told the server whom the socket watches; the screen may have changed since. */
    connected() {
      recount();
      update();
    },
    stop() {
      clearTimeout(timer);
      clearInterval(counting);
    },
  };
}
