import { DEFAULT_PAGE, UNREAD_COUNT_CAP, type Contact, type Message, type MessageReceipt, type MessageSearchResult } from '@chat/contracts';
import toast from 'react-hot-toast';
import { api } from '../../api/client';
import { isGoneForMe, isGoneMessage, type GoneForMe } from '../../lib/gone-for-me';
import { quoteOf } from '../../lib/message-preview';
import { errorMessage, useAuthStore } from '../../store/use-auth-store';
import { optimistically, succeeded, type ChatMemory, type ChatSlice } from '../../store/chat-slice';
import type { ChatState } from '../../store/use-chat-store';
import { groupWithGone, noteRead, showing, toTop, withFlag, withGone } from '../../lib/inbox-entries';
import { conversationOf, openConversationId } from '../../lib/conversation-of';
import { groupsApi } from '../groups';

const myId = () => useAuthStore.getState().authUser?._id;

export interface ConversationSlice {
  /** A message to show once its conversation is open (a search result clicked). */
  jumpTarget: string | null;
  /** Opens the conversation a listed message (found, starred) is of, the person's or the group's, at that message. */
  openMessage(listed: Pick<MessageSearchResult, 'peer' | 'group'>, messageId: string): void;
  /** Shows one of the open conversation's messages (a match of its search), older pages loaded until it is there. */
  showMessage(messageId: string): void;
  /** The message to show was shown. */
  clearJumpTarget(): void;
  selectedUser: Contact | null;
  /**
   * Where the open conversation's unread messages began when it was opened: the first of them (of
   * those loaded), how many there were (the inbox's count) and the latest message then, marked in
   * the list until another one is opened.
   */
  unreadMarker: { firstId: string; count: number; upToId: string } | null;
  messages: Message[];
  hasOlderMessages: boolean;
  isMessagesLoading: boolean;
  /** The open conversation's messages could not be loaded (the server or the network is down): said, with a retry. */
  messagesLoadFailed: boolean;
  isOlderLoading: boolean;
  /** Kept from the product's state model; no chatbot is offered. */
  isChatbotSelected: boolean;
  /** The message up to which the open conversation was reported read from this tab, so each is sent once. */
  reportedReadUpTo: string | null;
  /** Tells the server the open conversation is read up to its latest message, if the tab is visible. */
  markRead(): Promise<void>;
  /**
   * A message arriving in the open conversation of a visible tab is read as it arrives: true when it
   * is, and then its read goes with the socket's acknowledgement instead of a request of its own.
   */
  readOnArrival(message: Message): boolean;
  getMessages(userId: string): Promise<void>;
  loadOlderMessages(): Promise<void>;
  setSelectedUser(user: Contact | null): void;
  /** Opens the conversation `open` names (a person's or a group's), or none: what the last one showed goes. */
  openConversation(open: Partial<Pick<ChatState, 'selectedUser' | 'selectedGroup'>>): void;
  receiveMessage(message: Message): void;
  /** Replaces my message's text; resolves true once the server has it. */
  editMessage(messageId: string, text: string): Promise<boolean>;
  /** Deletes my message for everyone; resolves true once the server has done it. */
  deleteMessage(messageId: string): Promise<boolean>;
  /** Toggles my reaction to a message: the same emoji again takes it back. Resolves true once the server has it. */
  reactToMessage(messageId: string, emoji: string): Promise<boolean>;
  /** A message of mine or to me changed (edited, deleted or reacted to): shown as it is now, where it is shown and quoted. */
  receiveUpdate(message: Message): void;
  /** Stars (or unstars) a message of the open conversation: marked at once, put back with a toast if the server refuses. */
  /** Deletes messages of my conversation with `peerId` for me alone: gone from every device of mine, kept by them. */
  deleteForMe(peerId: string, messageIds: string[]): Promise<boolean>;
  /** Clears my conversation with `peerId` for me alone: its messages so far go from every device of mine; the chat stays, empty. */
  clearChat(peerId: string): Promise<boolean>;
  /**
   * Messages of my conversation with `peerId` went for me, here or on another device: they leave the
   * open conversation and the search results, and its inbox entry keeps its place showing
   * `lastMessage` (as the server says) in place of a gone one, or nothing.
   */
  applyGoneForMe(peerId: string, gone: GoneForMe, lastMessage?: Message | null): void;
  setStarred(messageId: string, starred: boolean): Promise<void>;
  /** A message was starred or unstarred, here or on another tab or device. */
  applyStarred(messageId: string, starred: boolean): void;
  /** A receipt for my messages (ticks), or of my own read on another tab (badges). */
  receiveReceipt(kind: 'delivered' | 'read', receipt: MessageReceipt): void;
  /** The ids of the open conversation's messages chosen to act on together ("Select messages"); null when not choosing. */
  selection: string[] | null;
  /** Starts choosing messages (none chosen yet), or stops. */
  setSelecting(on: boolean): void;
  /** Chooses a message of the open conversation, or leaves it out again. */
  toggleSelected(messageId: string): void;
}

/** What it holds before anyone signs in, and again once they leave. */
export const CONVERSATION_SIGNED_OUT = {
  jumpTarget: null,
  selection: null,
  selectedUser: null,
  unreadMarker: null,
  messages: [],
  hasOlderMessages: false,
  isMessagesLoading: false,
  messagesLoadFailed: false,
  isOlderLoading: false,
  isChatbotSelected: false,
  reportedReadUpTo: null,
} satisfies Partial<ConversationSlice>;

/** What a conversation opened anew starts with. */
const NOTHING_SHOWN = {
  messages: [],
  hasOlderMessages: false,
  messagesLoadFailed: false,
  reportedReadUpTo: null,
  unreadMarker: null,
  selection: null,
} satisfies Partial<ConversationSlice>;

/**
 * Why the open conversation takes no new message: I blocked them, they deleted their account, I am
 * no longer in the group, or only its admins may write; null when it is open. A selector:
 * `useChatStore(whyConversationClosed)`.
 */
export const whyConversationClosed = (
  state: Pick<ChatState, 'selectedUser' | 'selectedGroup' | 'users' | 'blockedUsers'>,
): 'blocked' | 'account deleted' | 'removed from group' | 'admins only' | null => {
  const group = state.selectedGroup;
  if (group) {
    if (group.removed) return 'removed from group';
    const me = group.members.find((member) => member.userId === myId());
    // Until its members are loaded, nobody is taken for a mere member.
    return group.onlyAdminsSend && group.members.length > 0 && me?.role !== 'admin' ? 'admins only' : null;
  }
  const peerId = state.selectedUser?._id;
  if (!peerId) return null;
  if (state.users.some((user) => user._id === peerId && user.accountDeleted)) return 'account deleted';
  return state.blockedUsers.some((user) => user._id === peerId) ? 'blocked' : null;
};

/** The messages merged by id and kept in server order, so an echo or a re-fetch never duplicates. */
function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => Number(a._id) - Number(b._id));
}

/** `message` with the receipt's stamp if the receipt covers it (mine to its reader, at or before its message). */
function stampWith(message: Message, kind: 'delivered' | 'read', { userId, senderId, upTo, at }: MessageReceipt): Message {
  const covered = message.senderId === senderId && message.receiverId === userId && Number(message._id) <= Number(upTo);
  if (!covered) return message;
  const deliveredAt = message.deliveredAt ?? at;
  const readAt = kind === 'read' ? (message.readAt ?? at) : message.readAt;
  return deliveredAt === message.deliveredAt && readAt === message.readAt ? message : { ...message, deliveredAt, readAt };
}

/**
 * The unread messages' start in a conversation: `count` unread from the others were their latest
 * messages up to `upToId` when it opened (the oldest loaded, until older pages hold them all).
 */
function unreadMarkerIn(
  messages: Message[],
  myId: string | undefined,
  count: number,
  upToId = messages.at(-1)?._id,
): ChatState['unreadMarker'] {
  if (count === 0 || upToId === undefined) return null;
  const fromPeer = messages.filter((message) => message.senderId !== myId && Number(message._id) <= Number(upToId));
  const first = fromPeer[Math.max(0, fromPeer.length - count)];
  return first ? { firstId: first._id, count, upToId } : null;
}

/** The newest message someone else sent in `messages`, whose id a read names. */
function newestFromOthers(messages: Message[], myId: string | undefined): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.senderId !== myId) return messages[i];
  return undefined;
}

/** The open conversation: its messages (loaded, older pages, arriving, changed, gone for me), receipts, reads, selection and stars. */
export const createConversationSlice =
  (memory: ChatMemory): ChatSlice<ConversationSlice> =>
  (set, get) => {
    const { receiptsTo } = memory;
    const noteMyRead = (peerId: string, upTo: string) => noteRead(memory.myReadsUpTo, peerId, upTo);

    /** `message` (mine) with whatever receipts came before it did. */
    function withKnownReceipts(message: Message): Message {
      const known = receiptsTo.get(message.receiverId);
      if (!known) return message;
      const delivered = known.delivered ? stampWith(message, 'delivered', known.delivered) : message;
      return known.read ? stampWith(delivered, 'read', known.read) : delivered;
    }

    /** A page of the open conversation's history, a person's or a group's, ending `before` a message. */
    const historyOf = (conversationId: string, before?: string) =>
      get().selectedGroup?._id === conversationId ? groupsApi.history(conversationId, before) : api.getMessages(conversationId, before);

    return {
      ...CONVERSATION_SIGNED_OUT,
      openMessage({ peer, group }, messageId) {
        if (!group) {
          get().setSelectedUser(peer);
          return get().showMessage(messageId);
        }
        void get()
          .openGroupById(group._id)
          .then((opened) => opened && get().showMessage(messageId));
      },

      showMessage(messageId) {
        set({ jumpTarget: messageId });
      },

      clearJumpTarget() {
        set({ jumpTarget: null });
      },

      async markRead() {
        const { selectedGroup, messages } = get();
        const openId = openConversationId(get());
        if (!openId || document.visibilityState !== 'visible') return;
        const newest = newestFromOthers(messages, myId());
        set((state) => ({ users: state.users.map((user) => (user._id === openId ? { ...user, unreadCount: 0 } : user)) }));
        if (selectedGroup && newest) get().noteGroupRead(openId, newest._id);
        const reported = get().reportedReadUpTo;
        if (!newest || (reported !== null && Number(newest._id) <= Number(reported))) return;
        if (!selectedGroup) noteMyRead(openId, newest._id);
        set({ reportedReadUpTo: newest._id });
        try {
          await (selectedGroup ? groupsApi.read(openId, newest._id) : api.markRead(openId, newest._id));
        } catch (error) {
          if (get().reportedReadUpTo === newest._id) set({ reportedReadUpTo: reported });
          console.error('Failed to mark messages read', error);
        }
      },

      readOnArrival(message) {
        const { selectedUser, reportedReadUpTo } = get();
        // A group's message is read by a request of its own (markRead): its delivery has no acknowledgement.
        if (message.groupId) return false;
        const me = useAuthStore.getState().authUser?._id;
        const reading = selectedUser?._id === message.senderId && message.receiverId === me && document.visibilityState === 'visible';
        if (!reading) return false;
        noteMyRead(message.senderId, message._id);
        if (reportedReadUpTo === null || Number(message._id) > Number(reportedReadUpTo)) set({ reportedReadUpTo: message._id });
        return true;
      },

      async getMessages(userId) {
        const firstLoad = openConversationId(get()) !== userId || get().messages.length === 0;
        // Read before the history loads, which marks it read.
        const unreadOnOpen =
          (get().users.find((user) => user._id === userId) ?? get().groups.find((entry) => entry.group._id === userId))?.unreadCount ?? 0;
        if (firstLoad) set({ isMessagesLoading: true, messagesLoadFailed: false });
        try {
          const page = await historyOf(userId);
          if (openConversationId(get()) !== userId) return;
          set((state) => {
            // A full page that starts after everything shown means more was missed than one page
            // holds: the latest page replaces the list and the rest loads on scroll, leaving no gap.
            const newestShown = state.messages.at(-1)?._id;
            const leavesGap = page.length === DEFAULT_PAGE && newestShown !== undefined && Number(page[0]!._id) > Number(newestShown);
            if (leavesGap) return { messages: page, hasOlderMessages: true };
            // A message of this conversation that arrived live while its history loaded stays shown
            // (the page was read before it was stored); another conversation's list goes.
            if (firstLoad) {
              const arrivedMeanwhile = state.messages.filter((message) => conversationOf(message, myId()) === userId);
              const messages = merge(page, arrivedMeanwhile);
              return {
                messages,
                hasOlderMessages: page.length === DEFAULT_PAGE,
                unreadMarker: unreadMarkerIn(messages, myId(), unreadOnOpen),
              };
            }
            return { messages: merge(state.messages, page) };
          });
          void get().markRead();
        } catch (error) {
          if (openConversationId(get()) === userId) set({ messagesLoadFailed: true });
          toast.error(errorMessage(error));
        } finally {
          set({ isMessagesLoading: false });
        }
      },

      async loadOlderMessages() {
        const { messages, hasOlderMessages, isOlderLoading } = get();
        const openId = openConversationId(get());
        if (!openId || !hasOlderMessages || isOlderLoading || messages.length === 0) return;
        set({ isOlderLoading: true });
        try {
          const page = await historyOf(openId, messages[0]!._id);
          if (openConversationId(get()) !== openId) return;
          set((state) => {
            const all = merge(state.messages, page);
            const marker = state.unreadMarker;
            return {
              messages: all,
              hasOlderMessages: page.length === DEFAULT_PAGE,
              unreadMarker: marker && unreadMarkerIn(all, myId(), marker.count, marker.upToId),
            };
          });
        } catch (error) {
          toast.error(errorMessage(error));
        } finally {
          set({ isOlderLoading: false });
        }
      },

      setSelectedUser(user) {
        if (user?._id === get().selectedUser?._id && (user || !get().selectedGroup)) return;
        // Opened: what was marked unread to come back to is read now.
        if (user && get().users.some((entry) => entry._id === user._id && entry.markedUnread)) void get().setMarkedUnread(user._id, false);
        get().openConversation({ selectedUser: user });
      },

      openConversation(open) {
        get().notifyTyping(false);
        set({ selectedUser: null, selectedGroup: null, ...NOTHING_SHOWN, ...open });
      },

      receiveMessage(received) {
        const me = myId();
        if (!me) return;
        const message = received.senderId === me ? withKnownReceipts(received) : received;
        const peerId = conversationOf(message, me);
        const inOpenChat = peerId === openConversationId(get());
        if (inOpenChat) set((state) => ({ messages: merge(state.messages, [message]) }));
        // In the open conversation too while the tab is hidden: nobody has seen it yet.
        const unseen = !inOpenChat || document.visibilityState !== 'visible';
        if (message.groupId) {
          const fromOther = message.senderId !== me;
          if (fromOther) get().setTyping(message.senderId, false, message.groupId);
          get().noteGroupMessage(message, unseen);
          if (inOpenChat && fromOther) void get().markRead();
          return;
        }
        const fromThem = message.senderId === peerId && message.receiverId === me;
        // A message sent ends its sender's typing.
        if (fromThem) get().setTyping(peerId, false);
        const known = get().users.some((user) => user._id === peerId);
        // A conversation not loaded yet (a new one, further down the list, or archived: a message
        // brings it back to the inbox), or one that leaves the archive on screen: the server orders it.
        if (!known || get().showArchived) {
          if (!get().usersQuery) void get().getUsers();
          return;
        }
        set((state) => ({
          users: toTop(state.users, peerId, (entry) => {
            const newer = !entry.lastMessage || Number(message._id) >= Number(entry.lastMessage._id);
            // A row that already shows this message (the inbox was fetched after it was stored) counted it.
            const counted = entry.lastMessage?._id === message._id;
            const unread = fromThem && unseen && newer && !counted ? Math.min(entry.unreadCount + 1, UNREAD_COUNT_CAP) : entry.unreadCount;
            return { ...(newer ? showing(entry, message) : entry), unreadCount: unread };
          }),
        }));
        if (inOpenChat && fromThem) void get().markRead();
      },

      editMessage(messageId, text) {
        return succeeded(async () => {
          get().receiveUpdate(await api.editMessage(messageId, text));
        });
      },

      deleteMessage(messageId) {
        return succeeded(async () => {
          get().receiveUpdate(await api.deleteMessage(messageId));
        });
      },

      reactToMessage(messageId, emoji) {
        return succeeded(async () => {
          get().receiveUpdate(await api.react(messageId, emoji));
        });
      },

      receiveUpdate(message) {
        // Receipts only move forward: a stamp this tab has already stays. Replies quote the message as it is now.
        const replace = (shown: Message): Message => {
          if (shown._id === message._id) {
            // A star is mine alone, so no change both people hear carries it: the one shown stays, unless the message is gone.
            return withFlag(
              { ...message, deliveredAt: shown.deliveredAt ?? message.deliveredAt, readAt: shown.readAt ?? message.readAt },
              'starred',
              Boolean(shown.starred) && !message.deletedAt,
            );
          }
          if (shown.replyTo?._id === message._id) return { ...shown, replyTo: quoteOf(message) };
          return shown;
        };
        set((state) => ({
          messages: state.messages.some((shown) => shown._id === message._id || shown.replyTo?._id === message._id)
            ? state.messages.map(replace)
            : state.messages,
          users: state.users.map((entry) =>
            entry.lastMessage?._id === message._id ? { ...entry, lastMessage: replace(entry.lastMessage) } : entry,
          ),
          groups: state.groups.map((entry) =>
            entry.lastMessage?._id === message._id ? { ...entry, lastMessage: replace(entry.lastMessage) } : entry,
          ),
        }));
      },

      deleteForMe(peerId, messageIds) {
        return succeeded(async () => {
          const { lastMessage } = await api.deleteForMe(peerId, messageIds);
          get().applyGoneForMe(peerId, { messageIds }, lastMessage);
        });
      },

      clearChat(peerId) {
        return succeeded(async () => {
          const { upTo } = await api.clearChat(peerId);
          get().applyGoneForMe(peerId, { upTo });
        });
      },

      applyGoneForMe(peerId, gone, lastMessage) {
        set((state) => {
          const isOpen = openConversationId(state) === peerId;
          const left = isOpen ? state.messages.filter((message) => !isGoneMessage(message, gone)) : state.messages;
          // The unread start counts only those still shown.
          const marker = isOpen ? state.unreadMarker : null;
          const isUnread = (message: Message) =>
            marker !== null &&
            message.senderId === peerId &&
            Number(message._id) >= Number(marker.firstId) &&
            Number(message._id) <= Number(marker.upToId);
          const unreadGone = state.messages.filter((message) => isUnread(message) && isGoneMessage(message, gone)).length;
          return {
            messages: left,
            ...(marker && unreadGone > 0 ? { unreadMarker: unreadMarkerIn(left, myId(), marker.count - unreadGone, marker.upToId) } : {}),
            // Cleared: nothing older is left to load.
            ...(isOpen && 'upTo' in gone ? { hasOlderMessages: false } : {}),
            messageResults: state.messageResults.filter((result) => !isGoneForMe(result, peerId, gone)),
            users: state.users.map((entry) => (entry._id === peerId ? withGone(entry, gone, lastMessage) : entry)),
            // A group's row shows what is left of it for me, as the server says; cleared, nothing in it is unread.
            groups: state.groups.map((entry) => (entry.group._id === peerId ? groupWithGone(entry, gone, lastMessage) : entry)),
          };
        });
      },

      async setStarred(messageId, starred) {
        await optimistically(
          (on) => get().applyStarred(messageId, on),
          starred,
          () => api.star(messageId, starred),
        );
      },

      applyStarred(messageId, starred) {
        set((state) => ({
          messages: state.messages.map((message) => (message._id === messageId ? withFlag(message, 'starred', starred) : message)),
        }));
      },

      receiveReceipt(kind, receipt) {
        const { userId, senderId, upTo } = receipt;
        const me = useAuthStore.getState().authUser?._id;
        if (!me) return;
        if (userId === me) {
          noteMyRead(senderId, upTo);
          // I read this conversation elsewhere: its badge clears here too, if nothing newer came since.
          set((state) => ({
            users: state.users.map((user) =>
              user._id === senderId && user.unreadCount > 0 && (user.lastMessage === null || Number(user.lastMessage._id) <= Number(upTo))
                ? { ...user, unreadCount: 0 }
                : user,
            ),
          }));
          return;
        }
        const known = receiptsTo.get(userId) ?? {};
        if (!known[kind] || Number(known[kind].upTo) < Number(upTo)) receiptsTo.set(userId, { ...known, [kind]: receipt });
        const stamp = (message: Message) => stampWith(message, kind, receipt);
        set((state) => ({
          messages: state.selectedUser?._id === userId ? state.messages.map(stamp) : state.messages,
          users: state.users.map((user) =>
            user._id === userId && user.lastMessage ? { ...user, lastMessage: stamp(user.lastMessage) } : user,
          ),
        }));
      },

      setSelecting(on) {
        set({ selection: on ? [] : null });
      },

      toggleSelected(messageId) {
        set(({ selection }) => ({
          selection: selection && (selection.includes(messageId) ? selection.filter((id) => id !== messageId) : [...selection, messageId]),
        }));
      },
    };
  };
