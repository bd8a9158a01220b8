import type { SocketHandlers } from '../../realtime/socket-handlers';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';

const chat = () => useChatStore.getState();

/**
 * Someone we have never seen came online, or signed up, while the whole list is loaded: the list
 * is stale. A signup can come online before the server's list holds them, so their contact's
 * announcement asks again. (With more pages to load, or a search, an unknown id is just not shown.)
 */
export function refreshIfNew(userIds: string[]): void {
  const { users, usersCursor, usersQuery } = chat();
  if (usersCursor || usersQuery) return;
  const known = new Set(users.map((user) => user._id));
  const me = useAuthStore.getState().authUser?._id;
  if (userIds.some((id) => id !== me && !known.has(id))) void chat().getUsers();
}

const isMyGroup = (id: string) => chat().groups.some((entry) => entry.group._id === id);

/** What the inbox hears: contacts changed, and what I did to my conversations on another device. */
export const inboxSocketHandlers: SocketHandlers<
  'contactChanged' | 'blockChanged' | 'conversationPinned' | 'conversationArchived' | 'conversationMarkedUnread'
> = {
  contactChanged(contact) {
    chat().applyContactChange(contact);
    if (!contact.accountDeleted) refreshIfNew([contact._id]);
  },
  // I blocked or unblocked someone on another tab or device.
  blockChanged: () => void chat().loadBlockedUsers(),
  // Each names a person or a group of mine.
  conversationPinned: ({ userId, pinned }) =>
    isMyGroup(userId) ? chat().applyGroupMark(userId, 'pinned', pinned) : chat().applyPinned(userId, pinned),
  conversationArchived: ({ userId, archived }) =>
    isMyGroup(userId) ? chat().applyGroupMark(userId, 'archived', archived) : chat().applyArchived(),
  conversationMarkedUnread: ({ userId, markedUnread }) =>
    isMyGroup(userId) ? chat().applyGroupMark(userId, 'markedUnread', markedUnread) : chat().applyMarkedUnread(userId, markedUnread),
};
