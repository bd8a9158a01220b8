import {
  DEFAULT_PAGE,
  searchWords,
  TYPING_EXPIRES_MS,
  TYPING_REPEAT_MS,
  UNREAD_COUNT_CAP,
  type Contact,
  type ContactChanged,
  type InboxEntry,
  type Message,
  type MessageReceipt,
  type MessageSearchResult,
} from '@chat/contracts';
import toast from 'react-hot-toast';
import { create } from 'zustand';
import { api, ApiError, type OutgoingMessage } from '../lib/api';
import { draftStorage, type Drafts } from '../lib/drafts';
import { isGoneForMe, isGoneMessage, type GoneForMe } from '../lib/gone-for-me';
import { quoteOf } from '../lib/message-preview';
import { outbox, type PendingMessage } from '../lib/outbox';
import { errorMessage, useAuthStore } from './use-auth-store';

export type { PendingMessage } from '../lib/outbox';

/** Attempts at sending a message while online before it shows as not sent. */
export const MAX_SEND_ATTEMPTS = 4;
/** The wait before the next attempt after `attempts` failed ones: 2 s, 4 s, 8 s… up to 30 s. */
const retryDelayMs = (attempts: number) => Math.min(1_000 * 2 ** attempts, 30_000);

/** A pending message of mine shown as a message: with its clientMessageId for an id, and nothing happened to it yet. */
export const pendingAsMessage = ({
  clientMessageId,
  senderId,
  receiverId,
  text,
  image,
  createdAt,
  replyTo,
  forwardOf,
  file,
}: PendingMessage): Message => ({
  _id: clientMessageId,
  senderId,
  receiverId,
  text,
  image,
  createdAt,
  replyTo,
  deliveredAt: null,
  readAt: null,
  editedAt: null,
  deletedAt: null,
  reactions: [],
  ...(forwardOf ? { forwarded: true as const } : {}),
  ...(file ? { file: { url: file.url ?? '', name: file.name, size: file.size, ...(file.voice ? { voice: file.voice } : {}) } } : {}),
});

/**
 * Why the open conversation takes no new message: I blocked them, or they deleted their account;
 * null when it is open. A selector: `useChatStore(whyConversationClosed)`.
 */
export const whyConversationClosed = (
  state: Pick<ChatState, 'selectedUser' | 'users' | 'blockedUsers'>,
): 'blocked' | 'account deleted' | null => {
  const peerId = state.selectedUser?._id;
  if (!peerId) return null;
  if (state.users.some((user) => user._id === peerId && user.accountDeleted)) return 'account deleted';
  return state.blockedUsers.some((user) => user._id === peerId) ? 'blocked' : null;
};

export interface ChatState {
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
  /** A message to show once its conversation is open (a search result clicked). */
  jumpTarget: string | null;
  /** Opens the conversation with `peer` at one of its messages. */
  openMessage(peer: Contact, messageId: string): void;
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
  /** My messages not stored yet (on their way, or not sent), oldest first: kept in the outbox. */
  pendingMessages: PendingMessage[];
  /** How much of each pending image is uploaded, 0 to 1, while it is (by clientMessageId). */
  uploadProgress: Record<string, number>;
  hasOlderMessages: boolean;
  isUsersLoading: boolean;
  isMoreUsersLoading: boolean;
  isMessagesLoading: boolean;
  isOlderLoading: boolean;
  /** Kept from the product's state model; no chatbot is offered. */
  isChatbotSelected: boolean;
  /** The message up to which the open conversation was reported read from this tab, so each is sent once. */
  reportedReadUpTo: string | null;
  /** Loads the first page of the inbox again (for the current search). */
  getUsers(): Promise<void>;
  searchUsers(query: string): Promise<void>;
  loadMoreUsers(): Promise<void>;
  /** Tells the server the open conversation is read up to its latest message, if the tab is visible. */
  markRead(): Promise<void>;
  /**
   * A message arriving in the open conversation of a visible tab is read as it arrives: true when it
   * is, and then its read goes with the socket's acknowledgement instead of a request of its own.
   */
  readOnArrival(message: Message): boolean;
  /** Who is typing to me now, by user id. */
  typingUsers: Record<string, true>;
  /** Someone's typing notice: shown until they stop, send, or go quiet for TYPING_EXPIRES_MS. */
  setTyping(userId: string, isTyping: boolean): void;
  /** Tells the open conversation's person I am typing (at most every TYPING_REPEAT_MS), or that I stopped. */
  notifyTyping(isTyping: boolean): void;
  getMessages(userId: string): Promise<void>;
  loadOlderMessages(): Promise<void>;
  /**
   * Puts a message to the open conversation in the outbox and sends it: it shows at once, survives
   * a reload, and goes out when the connection allows, in order, stored once.
   */
  sendMessage(message: OutgoingMessage): void;
  /** Forwards messages I sent or received (in the order given) to each of these people, through the outbox like any message. */
  forwardMessages(messages: Message[], to: Contact[]): void;
  /** The ids of the open conversation's messages chosen to act on together ("Select messages"); null when not choosing. */
  selection: string[] | null;
  /** Starts choosing messages (none chosen yet), or stops. */
  setSelecting(on: boolean): void;
  /** Chooses a message of the open conversation, or leaves it out again. */
  toggleSelected(messageId: string): void;
  /**
   * What I have written to each person and not sent, by their id: shown in their row, back in the
   * input when I return to them, kept across a reload.
   */
  drafts: Drafts;
  /** The image attached to each person's next message, by their id: kept while the page is. */
  draftImages: Record<string, string>;
  /** Keeps what I have written to `peerId` (an empty text drops the draft). */
  setDraft(peerId: string, text: string): void;
  setDraftImage(peerId: string, image: string | null): void;
  /** The file (a document) attached to each person's next message, by their id: one attachment at a time, a file or an image. */
  draftFiles: Record<string, File>;
  setDraftFile(peerId: string, file: File | null): void;
  /** Takes up the signed-in user's drafts kept from before (a reload, a closed tab). */
  restoreDrafts(): void;
  /** Sends what waits in the outbox, oldest first, until it is empty or the server cannot be reached. */
  flushOutbox(): Promise<void>;
  /** Takes up the signed-in user's outbox kept from before (a reload, a closed tab) and sends it. */
  restoreOutbox(): Promise<void>;
  /** The connection is back: what could not reach the server goes again, with what waited. */
  resumeOutbox(): Promise<void>;
  /** Sends again a message that was not sent. */
  retryMessage(clientMessageId: string): void;
  /** Gives up on a message that was not sent. */
  discardMessage(clientMessageId: string): void;
  setSelectedUser(user: Contact | null): void;
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
  /** These contacts just came online or went offline: what their last seen says now (where they show it). */
  markSeen(userIds: string[]): void;
  /** A block now hides these people: no last seen shown for them. */
  hideLastSeen(userIds: string[]): void;
  /** Someone on screen changed their name or picture, or deleted their account: shown at once wherever they are. */
  applyContactChange(change: ContactChanged): void;
  /** The contacts I blocked: their conversation offers "Unblock" instead of the input. */
  blockedUsers: Contact[];
  loadBlockedUsers(): Promise<void>;
  blockUser(user: Contact): Promise<boolean>;
  unblockUser(userId: string): Promise<boolean>;
  /** Pins (or unpins) my conversation with `userId`: moved at once, put back with a toast if the server refuses. */
  setPinned(userId: string, pinned: boolean): Promise<void>;
  /** I pinned or unpinned a conversation on another tab or device. */
  applyPinned(userId: string, pinned: boolean): void;
}

/** The messages merged by id and kept in server order, so an echo or a re-fetch never duplicates. */
function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => Number(a._id) - Number(b._id));
}

/** When each shown "typing…" lapses. */
const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** Whom this tab last told it is typing to, over which socket (a new sign-in starts afresh), and when. */
let typingSent: { socket: unknown; to: string; at: number } | null = null;

/** The newest receipts for my messages to each person: a message of mine whose answer comes after its receipt gets it then. */
const receiptsTo = new Map<string, Partial<Record<'delivered' | 'read', MessageReceipt>>>();

/** `message` with the receipt's stamp if the receipt covers it (mine to its reader, at or before its message). */
function stampWith(message: Message, kind: 'delivered' | 'read', { userId, senderId, upTo, at }: MessageReceipt): Message {
  const covered = message.senderId === senderId && message.receiverId === userId && Number(message._id) <= Number(upTo);
  if (!covered) return message;
  const deliveredAt = message.deliveredAt ?? at;
  const readAt = kind === 'read' ? (message.readAt ?? at) : message.readAt;
  return deliveredAt === message.deliveredAt && readAt === message.readAt ? message : { ...message, deliveredAt, readAt };
}

/** `message` (mine) with whatever receipts came before it did. */
function withKnownReceipts(message: Message): Message {
  const known = receiptsTo.get(message.receiverId);
  if (!known) return message;
  const delivered = known.delivered ? stampWith(message, 'delivered', known.delivered) : message;
  return known.read ? stampWith(delivered, 'read', known.read) : delivered;
}

/**
 * The unread count of a row whose live message is newer than the page's: the page counted up to its
 * own latest message, the row only what its socket heard (a socket that connected after a message
 * was pushed never counted it), so neither alone is right. A newer message from the peer is at
 * least one more than the page counted.
 */
function unreadPastPage(page: InboxEntry, live: InboxEntry): number {
  const fromPeer = live.lastMessage?.senderId === page._id;
  return Math.min(Math.max(live.unreadCount, page.unreadCount + (fromPeer ? 1 : 0)), UNREAD_COUNT_CAP);
}

/**
 * The inbox with `peerId`'s entry changed by `change` and moved to the top of the conversations (it
 * has the latest activity), below the pinned ones; a pinned one keeps its place among them.
 */
function toTop(users: InboxEntry[], peerId: string, change: (entry: InboxEntry) => InboxEntry): InboxEntry[] {
  const entry = users.find((user) => user._id === peerId);
  if (!entry) return users;
  const changed = change(entry);
  if (changed.pinned) return users.map((user) => (user._id === peerId ? changed : user));
  const others = users.filter((user) => user._id !== peerId);
  const pinnedCount = others.filter((user) => user.pinned).length;
  return [...others.slice(0, pinnedCount), changed, ...others.slice(pinnedCount)];
}

/** `item` (an inbox entry, a message) with one of its flags (present only when true, as the server sends them) set or cleared. */
function withFlag<T extends object>(item: T, flag: keyof T & string, on: boolean): T {
  if (Boolean(item[flag]) === on) return item;
  const { [flag]: _was, ...rest } = item;
  return (on ? { ...rest, [flag]: true } : rest) as T;
}

/** Runs a change of mine: whether the server took it, saying why in a toast if it did not. */
async function succeeded(change: () => Promise<unknown>): Promise<boolean> {
  try {
    await change();
    return true;
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  }
}

/** Shows a change of mine at once, then asks the server for it: taken back, saying why, if the server refuses. */
async function optimistically(show: (on: boolean) => void, on: boolean, ask: () => Promise<void>): Promise<void> {
  show(on);
  try {
    await ask();
  } catch (error) {
    show(!on);
    toast.error(errorMessage(error));
  }
}

/** The inbox with `peerId`'s entry pinned (first of all) or unpinned (back among the others by its latest message). */
function withPin(users: InboxEntry[], peerId: string, pinned: boolean): InboxEntry[] {
  const entry = users.find((user) => user._id === peerId);
  if (!entry || Boolean(entry.pinned) === pinned) return users;
  const unpinned = withFlag(entry, 'pinned', false);
  const others = users.filter((user) => user._id !== peerId);
  if (pinned) return [withFlag(entry, 'pinned', true), ...others];
  const at = others.findIndex((user) => !user.pinned && latestId(user) < latestId(entry));
  return at === -1 ? [...others, unpinned] : [...others.slice(0, at), unpinned, ...others.slice(at)];
}

/**
 * The unread messages' start in a conversation: `count` unread from `peerId` were their latest
 * messages up to `upToId` when it opened (the oldest loaded, until older pages hold them all).
 */
function unreadMarkerIn(messages: Message[], peerId: string, count: number, upToId = messages.at(-1)?._id): ChatState['unreadMarker'] {
  if (count === 0 || upToId === undefined) return null;
  const fromPeer = messages.filter((message) => message.senderId === peerId && Number(message._id) <= Number(upToId));
  const first = fromPeer[Math.max(0, fromPeer.length - count)];
  return first ? { firstId: first._id, count, upToId } : null;
}

/** Where an entry sorts in the inbox: its conversation's latest message's id (shown or gone for me), or below every id without one. */
const latestId = (entry: InboxEntry) => Number(entry.latestMessageId ?? entry.lastMessage?._id ?? -1);

/** `entry` showing `lastMessage`: it names its conversation's latest message apart only when that one is not shown. */
function showing(entry: InboxEntry, lastMessage: Message | null): InboxEntry {
  const latest = Math.max(latestId(entry), Number(lastMessage?._id ?? -1));
  const { latestMessageId: _was, ...rest } = entry;
  return latest === -1 || lastMessage?._id === String(latest)
    ? { ...rest, lastMessage }
    : { ...rest, lastMessage, latestMessageId: String(latest) };
}

/** `entry` once messages of it are gone for me: a gone message it showed gives way to `lastMessage` (or nothing); cleared, it is read. */
function withGone(entry: InboxEntry, gone: GoneForMe, lastMessage: Message | null = null): InboxEntry {
  const shown = entry.lastMessage && isGoneMessage(entry.lastMessage, gone) ? lastMessage : entry.lastMessage;
  const changed = showing(entry, shown);
  const cleared = 'upTo' in gone && latestId(entry) <= Number(gone.upTo);
  return cleared ? withFlag({ ...changed, unreadCount: 0 }, 'markedUnread', false) : changed;
}

/** The newest message `peerId` sent in `messages`, whose id a read receipt names. */
function newestFrom(messages: Message[], peerId: string): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.senderId === peerId) return messages[i];
  return undefined;
}

/** Counts the inbox's first-page requests: only the latest one's answer is shown. */
let usersRequests = 0;

/**
 * How far I have read each conversation (by the peer's id), as this tab learned it live: read here,
 * or on another device (its receipt). A page of the inbox the server read before that read answers
 * after it, and would bring the badge back.
 */
const myReadsUpTo = new Map<string, number>();
const noteMyRead = (peerId: string, upTo: string) => myReadsUpTo.set(peerId, Math.max(myReadsUpTo.get(peerId) ?? 0, Number(upTo)));

/** `entry` as read if I read up to its latest message since its page was read. */
function withMyReads(entry: InboxEntry): InboxEntry {
  const readUpTo = myReadsUpTo.get(entry._id);
  const read = readUpTo !== undefined && entry.unreadCount > 0 && entry.lastMessage && Number(entry.lastMessage._id) <= readUpTo;
  return read ? { ...entry, unreadCount: 0 } : entry;
}

/** The outbox's one flush at a time, whether another was asked for meanwhile, and the next retry. */
let flushing: Promise<void> | null = null;
let flushAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** A failure the same request could get past later: no answer, or the server busy or down. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

/** What the store holds before anyone signs in, and again once they leave: nothing of theirs. */
const SIGNED_OUT = {
  users: [],
  usersCursor: null,
  usersLoaded: false,
  usersQuery: '',
  onlineOnly: false,
  showArchived: false,
  archivedCount: 0,
  messageResults: [],
  hasMoreMessageResults: false,
  jumpTarget: null,
  selection: null,
  selectedUser: null,
  unreadMarker: null,
  messages: [],
  pendingMessages: [],
  uploadProgress: {},
  drafts: {},
  draftImages: {},
  draftFiles: {},
  hasOlderMessages: false,
  isUsersLoading: false,
  isMoreUsersLoading: false,
  isMessagesLoading: false,
  isOlderLoading: false,
  isChatbotSelected: false,
  reportedReadUpTo: null,
  typingUsers: {},
  blockedUsers: [],
} satisfies Partial<ChatState>;

export const useChatStore = create<ChatState>((set, get) => {
  /** Changes the outbox on screen and in IndexedDB, in the order of the changes. */
  const changeOutbox = (change: (queue: PendingMessage[]) => PendingMessage[]) => {
    set((state) => ({ pendingMessages: change(state.pendingMessages) }));
    const me = useAuthStore.getState().authUser?._id;
    if (me)
      void outbox.save(
        me,
        get().pendingMessages.filter((message) => message.senderId === me),
      );
  };
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
  const updatePending = (clientMessageId: string, change: Partial<PendingMessage>) =>
    changeOutbox((queue) => queue.map((message) => (message.clientMessageId === clientMessageId ? { ...message, ...change } : message)));

  /**
   * Sends the queued messages one by one, oldest first; stops at the first the server cannot take
   * now, to wait for a retry, the connection, or me.
   */
  const sendQueued = async (): Promise<'sent all' | 'waiting'> => {
    for (;;) {
      const me = useAuthStore.getState().authUser?._id;
      const next = get().pendingMessages.find((message) => message.status === 'sending' && message.senderId === me);
      if (!next) return 'sent all';
      // Offline, nothing is tried: going online flushes again.
      if (!navigator.onLine) return 'waiting';
      try {
        const socket = useAuthStore.getState().socket;
        // A forward names what it copies, and the server copies it: the text and image shown meanwhile stay here.
        const body = next.forwardOf
          ? { clientMessageId: next.clientMessageId, forwardOf: next.forwardOf }
          : { text: next.text, image: next.image, clientMessageId: next.clientMessageId, replyTo: next.replyTo?._id };
        const onProgress = (fraction: number) =>
          set((state) => ({ uploadProgress: { ...state.uploadProgress, [next.clientMessageId]: fraction } }));
        const file = !next.forwardOf && next.file?.blob;
        const overHttp = () =>
          (file
            ? api.sendFile(
                next.receiverId,
                {
                  file,
                  name: next.file!.name,
                  text: next.text,
                  clientMessageId: next.clientMessageId,
                  replyTo: next.replyTo?._id,
                  voiceSeconds: next.file!.voice?.seconds,
                },
                socket?.id,
                onProgress,
              )
            : api.sendMessage(next.receiverId, body, socket?.id, onProgress)
          ).finally(() =>
            set((state) => {
              const { [next.clientMessageId]: _done, ...uploading } = state.uploadProgress;
              return { uploadProgress: uploading };
            }),
          );
        // A text goes over the open socket (no HTTP request); an image or a file, or anything while the
        // socket is down, over HTTP. A retry may take the other way: the clientMessageId stores it once.
        const sent = await (!next.image && !file && socket?.connected ? api.sendOverSocket(socket, next.receiverId, body) : overHttp());
        changeOutbox((queue) => queue.filter((message) => message.clientMessageId !== next.clientMessageId));
        // Shown like any message: in the conversation if it is still open, and in the inbox.
        get().receiveMessage(sent);
      } catch (error) {
        if (!isTransient(error)) {
          updatePending(next.clientMessageId, { status: 'failed', failure: 'refused' });
          toast.error(errorMessage(error));
          continue;
        }
        if (!navigator.onLine) return 'waiting';
        const attempts = next.attempts + 1;
        if (attempts < MAX_SEND_ATTEMPTS) {
          updatePending(next.clientMessageId, { attempts });
          retryTimer = setTimeout(() => void get().flushOutbox(), retryDelayMs(attempts));
          return 'waiting';
        }
        // The server stays out of reach: everything waiting shows as not sent, each with a retry.
        changeOutbox((queue) =>
          queue.map((message) => (message.status === 'sending' ? { ...message, status: 'failed', failure: 'unreachable' } : message)),
        );
        toast.error(errorMessage(error));
        return 'waiting';
      }
    }
  };

  return {
    ...SIGNED_OUT,

    setTyping(userId, isTyping) {
      clearTimeout(typingTimers.get(userId));
      typingTimers.delete(userId);
      if (isTyping)
        typingTimers.set(
          userId,
          setTimeout(() => get().setTyping(userId, false), TYPING_EXPIRES_MS),
        );
      set((state) => {
        if (Boolean(state.typingUsers[userId]) === isTyping) return state;
        const { [userId]: _stopped, ...others } = state.typingUsers;
        return { typingUsers: isTyping ? { ...state.typingUsers, [userId]: true } : others };
      });
    },

    notifyTyping(isTyping) {
      const socket = useAuthStore.getState().socket;
      const to = isTyping ? get().selectedUser?._id : undefined;
      if (!socket) return;
      if (typingSent?.socket !== socket) typingSent = null;
      // Whoever was told I am typing, if it is not whom I type to now, is told I stopped.
      if (typingSent && typingSent.to !== to) {
        socket.emit('typing', { to: typingSent.to, isTyping: false });
        typingSent = null;
      }
      if (!to || (typingSent && Date.now() - typingSent.at < TYPING_REPEAT_MS)) return;
      socket.emit('typing', { to, isTyping: true });
      typingSent = { socket, to, at: Date.now() };
    },

    async getUsers() {
      const { usersQuery: query, onlineOnly, showArchived } = get();
      const request = ++usersRequests;
      set({ isUsersLoading: get().users.length === 0 });
      try {
        const page = await api.getUsers({ q: query, online: onlineOnly, archived: showArchived });
        // An older request answering last (the page's first load overtaken by the socket's re-fetch
        // on connect) would bring back what changed since, such as a read on another tab.
        if (request !== usersRequests) return;
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
        set({ users: entries, usersCursor: page.next, usersLoaded: true });
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        set({ isUsersLoading: false });
      }
    },

    async searchUsers(query) {
      if (query === get().usersQuery) return;
      set({ usersQuery: query, usersCursor: null, messageResults: [], hasMoreMessageResults: false });
      await Promise.all([get().getUsers(), searchMessages(query)]);
    },

    async loadMoreMessageResults() {
      const last = get().messageResults.at(-1);
      if (last && get().hasMoreMessageResults) await searchMessages(get().usersQuery, last.message._id);
    },

    openMessage(peer, messageId) {
      get().setSelectedUser(peer);
      set({ jumpTarget: messageId });
    },

    clearJumpTarget() {
      set({ jumpTarget: null });
    },

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

    applyArchived() {
      if (!get().usersQuery && !get().onlineOnly) void get().getUsers();
    },

    async setOnlineOnly(on) {
      if (on === get().onlineOnly) return;
      set({ onlineOnly: on, usersCursor: null });
      await get().getUsers();
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

    async markRead() {
      const { selectedUser, messages } = get();
      if (!selectedUser || document.visibilityState !== 'visible') return;
      const newest = newestFrom(messages, selectedUser._id);
      set((state) => ({ users: state.users.map((user) => (user._id === selectedUser._id ? { ...user, unreadCount: 0 } : user)) }));
      const reported = get().reportedReadUpTo;
      if (!newest || (reported !== null && Number(newest._id) <= Number(reported))) return;
      noteMyRead(selectedUser._id, newest._id);
      set({ reportedReadUpTo: newest._id });
      try {
        await api.markRead(selectedUser._id, newest._id);
      } catch (error) {
        if (get().reportedReadUpTo === newest._id) set({ reportedReadUpTo: reported });
        console.error('Failed to mark messages read', error);
      }
    },

    readOnArrival(message) {
      const { selectedUser, reportedReadUpTo } = get();
      const me = useAuthStore.getState().authUser?._id;
      const reading = selectedUser?._id === message.senderId && message.receiverId === me && document.visibilityState === 'visible';
      if (!reading) return false;
      noteMyRead(message.senderId, message._id);
      if (reportedReadUpTo === null || Number(message._id) > Number(reportedReadUpTo)) set({ reportedReadUpTo: message._id });
      return true;
    },

    async getMessages(userId) {
      const firstLoad = get().selectedUser?._id !== userId || get().messages.length === 0;
      // Read before the history loads, which marks it read.
      const unreadOnOpen = get().users.find((user) => user._id === userId)?.unreadCount ?? 0;
      if (firstLoad) set({ isMessagesLoading: true });
      try {
        const page = await api.getMessages(userId);
        if (get().selectedUser?._id !== userId) return;
        set((state) => {
          // A full page that starts after everything shown means more was missed than one page
          // holds: the latest page replaces the list and the rest loads on scroll, leaving no gap.
          const newestShown = state.messages.at(-1)?._id;
          const leavesGap = page.length === DEFAULT_PAGE && newestShown !== undefined && Number(page[0]!._id) > Number(newestShown);
          if (leavesGap) return { messages: page, hasOlderMessages: true };
          // A message of this conversation that arrived live while its history loaded stays shown
          // (the page was read before it was stored); another conversation's list goes.
          if (firstLoad) {
            const arrivedMeanwhile = state.messages.filter((message) => message.senderId === userId || message.receiverId === userId);
            const messages = merge(page, arrivedMeanwhile);
            return {
              messages,
              hasOlderMessages: page.length === DEFAULT_PAGE,
              unreadMarker: unreadMarkerIn(messages, userId, unreadOnOpen),
            };
          }
          return { messages: merge(state.messages, page) };
        });
        void get().markRead();
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        set({ isMessagesLoading: false });
      }
    },

    async loadOlderMessages() {
      const { selectedUser, messages, hasOlderMessages, isOlderLoading } = get();
      if (!selectedUser || !hasOlderMessages || isOlderLoading || messages.length === 0) return;
      set({ isOlderLoading: true });
      try {
        const page = await api.getMessages(selectedUser._id, messages[0]!._id);
        if (get().selectedUser?._id !== selectedUser._id) return;
        set((state) => {
          const all = merge(state.messages, page);
          const marker = state.unreadMarker;
          return {
            messages: all,
            hasOlderMessages: page.length === DEFAULT_PAGE,
            unreadMarker: marker && unreadMarkerIn(all, selectedUser._id, marker.count, marker.upToId),
          };
        });
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        set({ isOlderLoading: false });
      }
    },

    sendMessage(message) {
      const { selectedUser } = get();
      const me = useAuthStore.getState().authUser?._id;
      if (!selectedUser || !me) return;
      const pending: PendingMessage = {
        clientMessageId: crypto.randomUUID(),
        senderId: me,
        receiverId: selectedUser._id,
        text: message.text || null,
        image: message.image || null,
        file: message.file
          ? {
              blob: message.file,
              name: message.file.name,
              size: message.file.size,
              ...(message.voiceSeconds ? { voice: { seconds: message.voiceSeconds } } : {}),
            }
          : null,
        createdAt: new Date().toISOString(),
        replyTo: message.replyTo ?? null,
        status: 'sending',
        attempts: 0,
        failure: null,
      };
      changeOutbox((queue) => [...queue, pending]);
      void get().flushOutbox();
    },

    forwardMessages(messages, to) {
      const me = useAuthStore.getState().authUser?._id;
      if (!me) return;
      const createdAt = new Date().toISOString();
      const forwards = to.flatMap((contact) =>
        messages.map((message): PendingMessage => ({
          clientMessageId: crypto.randomUUID(),
          senderId: me,
          receiverId: contact._id,
          text: message.text,
          image: message.image,
          file: message.file ?? null,
          createdAt,
          replyTo: null,
          forwardOf: message._id,
          status: 'sending',
          attempts: 0,
          failure: null,
        })),
      );
      changeOutbox((queue) => [...queue, ...forwards]);
      void get().flushOutbox();
    },

    setDraft(peerId, text) {
      const me = useAuthStore.getState().authUser?._id;
      // Another tab of mine may have changed other drafts since: only this one changes, theirs are taken up.
      const drafts = { ...((me && draftStorage.load(me)) || get().drafts) };
      if (text) drafts[peerId] = text;
      else delete drafts[peerId];
      set({ drafts });
      if (me) draftStorage.save(me, drafts);
    },

    setDraftImage(peerId, image) {
      const { [peerId]: _image, ...draftImages } = get().draftImages;
      const { [peerId]: _file, ...draftFiles } = get().draftFiles;
      set(image ? { draftImages: { ...draftImages, [peerId]: image }, draftFiles } : { draftImages });
    },

    setDraftFile(peerId, file) {
      const { [peerId]: _image, ...draftImages } = get().draftImages;
      const { [peerId]: _file, ...draftFiles } = get().draftFiles;
      set(file ? { draftFiles: { ...draftFiles, [peerId]: file }, draftImages } : { draftFiles });
    },

    restoreDrafts() {
      const me = useAuthStore.getState().authUser?._id;
      set({ drafts: (me && draftStorage.load(me)) || {}, draftImages: {}, draftFiles: {} });
    },

    flushOutbox() {
      if (flushing) {
        flushAgain = true;
        return flushing;
      }
      clearTimeout(retryTimer);
      flushing = (async () => {
        // A message queued during a flush goes in the same flush, unless the flush stopped to wait.
        let outcome: 'sent all' | 'waiting';
        do {
          flushAgain = false;
          outcome = await sendQueued();
        } while (flushAgain && outcome === 'sent all');
      })().finally(() => (flushing = null));
      return flushing;
    },

    async restoreOutbox() {
      const me = useAuthStore.getState().authUser?._id;
      if (!me) return;
      const kept = await outbox.load(me);
      if (useAuthStore.getState().authUser?._id !== me) return;
      // Another user's messages from before a sign-in on this tab stay in their own outbox.
      changeOutbox((queue) => {
        const mine = queue.filter((message) => message.senderId === me);
        const shown = new Set(mine.map((message) => message.clientMessageId));
        return [...kept.filter((message) => !shown.has(message.clientMessageId)), ...mine];
      });
      await get().resumeOutbox();
    },

    resumeOutbox() {
      // What the server refused would be refused again: it waits for a retry.
      changeOutbox((queue) =>
        queue.map((message) => (message.failure === 'refused' ? message : { ...message, status: 'sending', attempts: 0, failure: null })),
      );
      return get().flushOutbox();
    },

    retryMessage(clientMessageId) {
      changeOutbox((queue) =>
        queue.map((message) =>
          message.clientMessageId === clientMessageId ? { ...message, status: 'sending', attempts: 0, failure: null } : message,
        ),
      );
      void get().flushOutbox();
    },

    discardMessage(clientMessageId) {
      changeOutbox((queue) => queue.filter((message) => message.clientMessageId !== clientMessageId));
    },

    setSelectedUser(user) {
      if (user?._id === get().selectedUser?._id) return;
      // Opened: what was marked unread to come back to is read now.
      if (user && get().users.some((entry) => entry._id === user._id && entry.markedUnread)) void get().setMarkedUnread(user._id, false);
      get().notifyTyping(false);
      set({ selectedUser: user, messages: [], hasOlderMessages: false, reportedReadUpTo: null, unreadMarker: null, selection: null });
    },

    setSelecting(on) {
      set({ selection: on ? [] : null });
    },

    toggleSelected(messageId) {
      set(({ selection }) => ({
        selection: selection && (selection.includes(messageId) ? selection.filter((id) => id !== messageId) : [...selection, messageId]),
      }));
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
        const isOpen = state.selectedUser?._id === peerId;
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
          ...(marker && unreadGone > 0 ? { unreadMarker: unreadMarkerIn(left, peerId, marker.count - unreadGone, marker.upToId) } : {}),
          // Cleared: nothing older is left to load.
          ...(isOpen && 'upTo' in gone ? { hasOlderMessages: false } : {}),
          messageResults: state.messageResults.filter((result) => !isGoneForMe(result, peerId, gone)),
          users: state.users.map((entry) => (entry._id === peerId ? withGone(entry, gone, lastMessage) : entry)),
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

    receiveMessage(received) {
      const me = useAuthStore.getState().authUser?._id;
      const other = get().selectedUser?._id;
      if (!me) return;
      const message = received.senderId === me ? withKnownReceipts(received) : received;
      const peerId = message.senderId === me ? message.receiverId : message.senderId;
      const inOpenChat = peerId === other;
      if (inOpenChat) set((state) => ({ messages: merge(state.messages, [message]) }));
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
          // In the open conversation too while the tab is hidden: nobody has seen it yet.
          const unseen = !inOpenChat || document.visibilityState !== 'visible';
          const unread = fromThem && unseen && newer && !counted ? Math.min(entry.unreadCount + 1, UNREAD_COUNT_CAP) : entry.unreadCount;
          return { ...(newer ? showing(entry, message) : entry), unreadCount: unread };
        }),
      }));
      if (inOpenChat && fromThem) void get().markRead();
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

    async loadBlockedUsers() {
      try {
        set({ blockedUsers: await api.getBlocked() });
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },

    blockUser(user) {
      return succeeded(async () => {
        await api.block(user._id);
        set((state) => ({ blockedUsers: [...state.blockedUsers.filter((blocked) => blocked._id !== user._id), user] }));
        get().notifyTyping(false);
        toast.success(`${user.fullName} is blocked`);
      });
    },

    unblockUser(userId) {
      return succeeded(async () => {
        await api.unblock(userId);
        set((state) => ({ blockedUsers: state.blockedUsers.filter((blocked) => blocked._id !== userId) }));
      });
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

    applyContactChange({ _id, fullName, profilePic, accountDeleted }) {
      const changed = <T extends Contact>(contact: T): T => (contact._id === _id ? { ...contact, fullName, profilePic } : contact);
      set((state) => ({
        // A deleted account's conversation closes, as its entry now says.
        users: state.users.map((entry) => (accountDeleted && entry._id === _id ? { ...changed(entry), accountDeleted } : changed(entry))),
        selectedUser: state.selectedUser && changed(state.selectedUser),
        blockedUsers: state.blockedUsers.map(changed),
      }));
    },

    hideLastSeen(userIds) {
      const ids = new Set(userIds);
      set((state) => ({ users: state.users.map((user) => (ids.has(user._id) ? { ...user, lastSeen: null } : user)) }));
    },

    markSeen(userIds) {
      const ids = new Set(userIds);
      const now = new Date().toISOString();
      set((state) => ({
        users: state.users.map((user) => (ids.has(user._id) && user.lastSeen !== null ? { ...user, lastSeen: now } : user)),
      }));
    },
  };
});

// Whoever signs in next on this tab (after a logout, or a session that ended) sees none of the last
// user's conversations, search, typing or unsent messages; a profile change is the same user.
useAuthStore.subscribe((state, previous) => {
  if (previous.authUser && state.authUser?._id !== previous.authUser._id) {
    for (const timer of typingTimers.values()) clearTimeout(timer);
    typingTimers.clear();
    myReadsUpTo.clear();
    useChatStore.setState(SIGNED_OUT);
  }
});
