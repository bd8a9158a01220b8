import { DEFAULT_PAGE, searchWords, type Contact, type ContactChanged, type InboxEntry, type MessageSearchResult } from '@chat/contracts';
import toast from 'react-hot-toast';
import { api } from '../../api/client';
import { errorMessage } from '../../store/use-auth-store';
import { optimistically, type ChatMemory, type ChatSlice } from '../../store/chat-slice';
import { latestId, showing, unreadPastPage, withFlag, withPin, withReadsKnown } from '../../lib/inbox-entries';

export interface InboxSlice {
  /** The inbox as loaded so far: conversations first (latest first), then everyone else by name. */
  users: InboxEntry[];
  /** Where the next page of the inbox starts; null once everything is loaded. */
  usersCursor: string | null;
  /** A first page of the inbox has come (until then nobody's presence is on screen). */
  usersLoaded: boolean;
  /** The contact search the inbox is filtered by ('' for none). */
  usersQuery: string;
  /** "Show online only": the inbox holds those the server says are online, paged like the rest. */
  onlineOnly: boolean;
  /** The list shows the archive (the conversations I archived) instead of the inbox. */
  showArchived: boolean;
  setShowArchived(on: boolean): Promise<void>;
  /** How many conversations I archived, as the last page of the inbox or archive said. */
  archivedCount: number;
  /** Archives (or takes out of the archive) my conversation with `userId`: off the list at once, back with a toast if refused. */
  setArchived(userId: string, archived: boolean): Promise<void>;
  /** I archived or unarchived a conversation on another tab or device. */
  applyArchived(): void;
  /** Marks my conversation with `userId` unread to come back to it, or clears the mark (opening it does). */
  setMarkedUnread(userId: string, marked: boolean): Promise<void>;
  /** I marked a conversation unread, or opened it, on another tab or device. */
  applyMarkedUnread(userId: string, marked: boolean): void;
  setOnlineOnly(on: boolean): Promise<void>;
  /** My messages matching that search, newest first (none without a search). */
  messageResults: MessageSearchResult[];
  /** The last page of results was full: there may be older ones. */
  hasMoreMessageResults: boolean;
  loadMoreMessageResults(): Promise<void>;
  isUsersLoading: boolean;
  /** The inbox could not be loaded (the server or the network is down): said, with a retry, never "No contacts yet". */
  usersLoadFailed: boolean;
  isMoreUsersLoading: boolean;
  /** Loads the first page of the inbox again (for the current search). */
  getUsers(): Promise<void>;
  searchUsers(query: string): Promise<void>;
  loadMoreUsers(): Promise<void>;
  /** These contacts just came online or went offline: what their last seen says now (where they show it). */
  markSeen(userIds: string[]): void;
  /** A block now hides these people: no last seen shown for them. */
  hideLastSeen(userIds: string[]): void;
  /** Someone on screen changed their name or picture, or deleted their account: shown at once wherever they are. */
  applyContactChange(change: ContactChanged): void;
  /** Pins (or unpins) my conversation with `userId`: moved at once, put back with a toast if the server refuses. */
  setPinned(userId: string, pinned: boolean): Promise<void>;
  /** I pinned or unpinned a conversation on another tab or device. */
  applyPinned(userId: string, pinned: boolean): void;
}

/** What it holds before anyone signs in, and again once they leave. */
export const INBOX_SIGNED_OUT = {
  users: [],
  usersCursor: null,
  usersLoaded: false,
  usersQuery: '',
  onlineOnly: false,
  showArchived: false,
  archivedCount: 0,
  messageResults: [],
  hasMoreMessageResults: false,
  isUsersLoading: false,
  usersLoadFailed: false,
  isMoreUsersLoading: false,
} satisfies Partial<InboxSlice>;

/** The inbox (or the archive) as loaded so far, its search (people, and messages under them), pins, archive, unread marks, and what is shown of each contact. */
export const createInboxSlice =
  (memory: ChatMemory): ChatSlice<InboxSlice> =>
  (set, get) => {
    /** Counts the inbox's first-page requests: only the latest one's answer is shown. */
    let usersRequests = 0;
    /** `entry` as read if I read up to its latest message since its page was read. */
    const withMyReads = (entry: InboxEntry) => withReadsKnown(memory.myReadsUpTo, entry);

    /** The messages matching the search, shown under the contacts that do (words only: a search of "!?" finds none). */
    const searchMessages = async (query: string, before?: string) => {
      if (searchWords(query).length === 0) return;
      try {
        const results = await api.searchMessages(query, { before });
        if (get().usersQuery !== query) return;
        set((state) => ({
          // A page asked for twice (two clicks) adds its results once.
          messageResults: before
            ? [
                ...state.messageResults,
                ...results.filter(({ message }) => !state.messageResults.some((shown) => shown.message._id === message._id)),
              ]
            : results,
          hasMoreMessageResults: results.length === DEFAULT_PAGE,
        }));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    };

    return {
      ...INBOX_SIGNED_OUT,
      async setShowArchived(on) {
        if (on === get().showArchived) return;
        set({ showArchived: on, usersCursor: null, users: [], usersLoaded: false });
        await get().getUsers();
      },

      async setArchived(userId, archived) {
        const { usersQuery, onlineOnly, showArchived } = get();
        // Off the inbox when archived, off the archive when taken out; marked in a search's list.
        const leavesList = !usersQuery && !onlineOnly && archived !== showArchived;
        set((state) => ({
          users: leavesList
            ? state.users.filter((user) => user._id !== userId)
            : state.users.map((user) => (user._id === userId ? withFlag(user, 'archived', archived) : user)),
          archivedCount: Math.max(0, state.archivedCount + (archived ? 1 : -1)),
        }));
        try {
          await (archived ? api.archive(userId) : api.unarchive(userId));
        } catch (error) {
          toast.error(errorMessage(error));
          void get().getUsers();
        }
      },

      applyArchived() {
        if (!get().usersQuery && !get().onlineOnly) void get().getUsers();
      },

      async setMarkedUnread(userId, marked) {
        await optimistically(
          (on) => get().applyMarkedUnread(userId, on),
          marked,
          () => api.markUnread(userId, marked),
        );
      },

      applyMarkedUnread(userId, marked) {
        set((state) => ({
          users: state.users.map((user) => (user._id === userId ? withFlag(user, 'markedUnread', marked) : user)),
        }));
      },

      async setOnlineOnly(on) {
        if (on === get().onlineOnly) return;
        set({ onlineOnly: on, usersCursor: null });
        await get().getUsers();
      },

      async loadMoreMessageResults() {
        const last = get().messageResults.at(-1);
        if (last && get().hasMoreMessageResults) await searchMessages(get().usersQuery, last.message._id);
      },

      async getUsers() {
        const { usersQuery: query, onlineOnly, showArchived } = get();
        const request = ++usersRequests;
        // An older request answering last (the page's first load overtaken by the socket's re-fetch
        // on connect) would bring back what changed since, such as a read on another tab; nor does its
        // end end the loading: the list would say "No contacts yet" while the latest is on its way.
        const isLatest = () => request === usersRequests;
        set({ isUsersLoading: get().users.length === 0 });
        try {
          const page = await api.getUsers({ q: query, online: onlineOnly, archived: showArchived });
          if (!isLatest()) return;
          if (get().usersQuery !== query || get().onlineOnly !== onlineOnly || get().showArchived !== showArchived) return;
          if (typeof page.archivedCount === 'number') set({ archivedCount: page.archivedCount });
          const open = get().selectedUser?._id;
          // A message that arrived live while the page was on its way is newer than the page: the row
          // keeps it (and a count that holds it), and conversations stay ordered by their latest message.
          const live = new Map(get().users.map((user) => [user._id, user]));
          const entries = page.entries
            .map((entry) => {
              const shown = live.get(entry._id);
              const newer = shown?.lastMessage && Number(shown.lastMessage._id) > latestId(entry);
              const current = withMyReads(
                newer ? { ...showing(entry, shown.lastMessage), unreadCount: unreadPastPage(entry, shown) } : entry,
              );
              // The open conversation is being read: its count is already cleared here.
              return current._id === open ? { ...current, unreadCount: 0 } : current;
            })
            // The pinned ones first as the page has them (by when they were pinned), then conversations
            // by their latest message, everyone else after them in the page's order: a comparator that
            // called a name "equal" to every conversation would not be an order at all.
            .sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)) || (a.pinned ? 0 : latestId(b) - latestId(a)));
          set({ users: entries, usersCursor: page.next, usersLoaded: true, usersLoadFailed: false });
        } catch (error) {
          if (!isLatest()) return;
          set({ usersLoadFailed: true });
          // Once, however many loads failed together (the first, and the socket's on connect).
          toast.error(errorMessage(error), { id: 'inbox-load-failed' });
        } finally {
          if (isLatest()) set({ isUsersLoading: false });
        }
      },

      async searchUsers(query) {
        if (query === get().usersQuery) return;
        set({ usersQuery: query, usersCursor: null, messageResults: [], hasMoreMessageResults: false });
        await Promise.all([get().getUsers(), searchMessages(query)]);
      },

      async loadMoreUsers() {
        const { usersCursor, usersQuery, onlineOnly, showArchived, isMoreUsersLoading } = get();
        if (!usersCursor || isMoreUsersLoading) return;
        set({ isMoreUsersLoading: true });
        try {
          const page = await api.getUsers({ q: usersQuery, cursor: usersCursor, online: onlineOnly, archived: showArchived });
          if (
            get().usersQuery !== usersQuery ||
            get().usersCursor !== usersCursor ||
            get().onlineOnly !== onlineOnly ||
            get().showArchived !== showArchived
          ) {
            return;
          }
          set((state) => {
            const loaded = new Set(state.users.map((user) => user._id));
            return {
              users: [...state.users, ...page.entries.filter((entry) => !loaded.has(entry._id)).map(withMyReads)],
              usersCursor: page.next,
            };
          });
        } catch (error) {
          toast.error(errorMessage(error));
        } finally {
          set({ isMoreUsersLoading: false });
        }
      },

      markSeen(userIds) {
        const ids = new Set(userIds);
        const now = new Date().toISOString();
        set((state) => ({
          users: state.users.map((user) => (ids.has(user._id) && user.lastSeen !== null ? { ...user, lastSeen: now } : user)),
        }));
      },

      hideLastSeen(userIds) {
        const ids = new Set(userIds);
        set((state) => ({ users: state.users.map((user) => (ids.has(user._id) ? { ...user, lastSeen: null } : user)) }));
      },

      applyContactChange({ _id, fullName, profilePic, accountDeleted }) {
        const changed = <T extends Contact>(contact: T): T => (contact._id === _id ? { ...contact, fullName, profilePic } : contact);
        set((state) => ({
          // A deleted account's conversation closes, as its entry now says.
          users: state.users.map((entry) => (accountDeleted && entry._id === _id ? { ...changed(entry), accountDeleted } : changed(entry))),
          selectedUser: state.selectedUser && changed(state.selectedUser),
          blockedUsers: state.blockedUsers.map(changed),
        }));
      },

      async setPinned(userId, pinned) {
        const before = get().users.find((user) => user._id === userId);
        get().applyPinned(userId, pinned);
        try {
          await (pinned ? api.pin(userId) : api.unpin(userId));
        } catch (error) {
          if (before) get().applyPinned(userId, Boolean(before.pinned));
          toast.error(errorMessage(error));
        }
      },

      applyPinned(userId, pinned) {
        // Pinned elsewhere, and not on a loaded page: the server knows where it goes now.
        if (!get().users.some((user) => user._id === userId)) {
          if (pinned && !get().usersQuery && !get().onlineOnly) void get().getUsers();
          return;
        }
        set((state) => ({ users: withPin(state.users, userId, pinned) }));
      },
    };
  };
