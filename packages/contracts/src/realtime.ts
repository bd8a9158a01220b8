import { Type, type Static } from 'typebox';
import { uuidSchema } from './ids.js';
import { MessageSchema, SendBodySchema, type Message } from './messages.js';
import type { GroupReceipts, GroupReceived } from './groups.js';
import type { Call, CallAccepted, CallAnswer, CallEnded, CallRef, CallRingingQuery, CallSignal, CallStart } from './calls.js';
import type { ContactChanged } from './users.js';

/** Where the web app and the gateway speak Socket.IO. */
export const SOCKET_PATH = '/socket.io';

/** Header with which a client names its socket when it sends over HTTP: that tab gets no echo. */
export const SOCKET_ID_HEADER = 'x-socket-id';

const SOCKET_ID = /^[\w-]{1,64}$/;

/** A socket id as a client may name it in the `x-socket-id` header, or nothing if it is not one. */
export const socketIdFrom = (header: unknown): string | undefined =>
  typeof header === 'string' && SOCKET_ID.test(header) ? header : undefined;

/** The reasons a handshake is refused, as the client's `connect_error` carries them. */
export const HANDSHAKE_ERRORS = {
  notAuthenticated: 'Not authenticated',
  userMismatch: 'userId does not match the session',
  tooManyConnections: 'Too many connections',
  originNotAllowed: 'Origin not allowed',
} as const;

/** The users who came online and went offline since the last push. */
export interface OnlineUsersChanged {
  online: string[];
  offline: string[];
  /**
   * Users to show offline with no last seen (not "last seen just now"): to a blocker, whom their block
   * now hides; to someone just unblocked, the other person when not online. A blocked person is never
   * told of the block: an online blocker goes `offline` to them as anyone does, and nothing of the
   * blocker's presence reaches them after.
   */
  hidden?: string[];
}

/**
 * A client typing to someone, or in a group (`to` its id, `group` true): sent at most every
 * TYPING_REPEAT_MS while typing, and `false` on send or blur.
 */
export const TypingSchema = Type.Object({
  to: uuidSchema(),
  isTyping: Type.Boolean(),
  group: Type.Optional(Type.Boolean()),
});
export type Typing = Static<typeof TypingSchema>;

/** What the person typed to sees: who is typing, and in which group when it is one ("Ann is typing…" in its header). */
export interface TypingNotice {
  from: string;
  isTyping: boolean;
  groupId?: string;
}

/** How often a client repeats that it is still typing. */
export const TYPING_REPEAT_MS = 2000;
/** How long a receiver shows "typing…" without hearing it again. */
export const TYPING_EXPIRES_MS = 5000;

/**
 * Messages from `senderId` to `userId`, up to and including `upTo`, reached a device of `userId`
 * (`messagesDelivered`) or were read by `userId` (`messagesRead`), at `at`. The sender's sockets get
 * both; the reader's own sockets get `messagesRead` too, so every tab clears that conversation's badge.
 */
export const MessageReceiptSchema = Type.Object({
  userId: Type.String(),
  senderId: Type.String(),
  upTo: Type.String(),
  at: Type.String(),
});
export type MessageReceipt = Static<typeof MessageReceiptSchema>;

/** What a client answers to `newMessage`: it has the message, and perhaps read it. */
export const MessageAckSchema = Type.Object({ read: Type.Optional(Type.Boolean()) });
export type MessageAck = Static<typeof MessageAckSchema>;

/** I blocked `userId` (or lifted it) on another tab or device. */
export interface BlockChanged {
  userId: string;
  blocked: boolean;
}

/** I pinned the conversation with `userId` (a person's or a group's id) or unpinned it, here or on another tab or device. */
export const ConversationPinnedSchema = Type.Object({ userId: Type.String(), pinned: Type.Boolean() });
export type ConversationPinned = Static<typeof ConversationPinnedSchema>;

/** I starred a message of my conversation with `userId` (or unstarred it), here or on another device. */
export const MessageStarredSchema = Type.Object({ messageId: Type.String(), userId: Type.String(), starred: Type.Boolean() });
export type MessageStarred = Static<typeof MessageStarredSchema>;

/**
 * I deleted messages of my conversation with `userId` for myself, here or on another device: they
 * go from every tab of mine (the other person still has them); `lastMessage` is what the inbox
 * entry shows now.
 */
export const MessagesHiddenSchema = Type.Object({
  userId: Type.String(),
  messageIds: Type.Array(Type.String()),
  lastMessage: Type.Union([MessageSchema, Type.Null()]),
});
export type MessagesHidden = Static<typeof MessagesHiddenSchema>;

/** I cleared my conversation with `userId`, here or on another device: its messages up to `upTo` are gone for me. */
export const ConversationClearedSchema = Type.Object({ userId: Type.String(), upTo: Type.String() });
export type ConversationCleared = Static<typeof ConversationClearedSchema>;

/** I marked the conversation with `userId` (a person's or a group's id) unread, or opened it, clearing the mark, here or on another device. */
export const ConversationMarkedUnreadSchema = Type.Object({ userId: Type.String(), markedUnread: Type.Boolean() });
export type ConversationMarkedUnread = Static<typeof ConversationMarkedUnreadSchema>;

/** I archived the conversation with `userId` (a person's or a group's id) or took it out of the archive, here or on another device. */
export const ConversationArchivedSchema = Type.Object({ userId: Type.String(), archived: Type.Boolean() });
export type ConversationArchived = Static<typeof ConversationArchivedSchema>;

/** I muted the conversation with `userId` until `until` (null: always), or unmuted it (`muted` false), here or on another device. */
export const ConversationMutedSchema = Type.Object({
  userId: Type.String(),
  muted: Type.Boolean(),
  until: Type.Union([Type.String(), Type.Null()]),
});
export type ConversationMuted = Static<typeof ConversationMutedSchema>;

/**
 * I was added to a group (`member` true), or removed from it or left it (false), here or on another
 * device: my sockets start or stop hearing its messages.
 */
export const GroupChangedSchema = Type.Object({ groupId: Type.String(), member: Type.Boolean() });
export type GroupChanged = Static<typeof GroupChangedSchema>;

/** I read a group up to `upTo` on one of my devices: its badge clears on the others. */
export const GroupReadSchema = Type.Object({ groupId: Type.String(), upTo: Type.String() });
export type GroupRead = Static<typeof GroupReadSchema>;

/** What the gateway emits to a socket. */
export interface ServerToClientEvents {
  /** Once per new socket: everyone online, the user included; after `watchPresence`, the watched ones online. */
  getOnlineUsers: (userIds: string[]) => void;
  onlineUsersChanged: (change: OnlineUsersChanged) => void;
  /**
   * A client acknowledges a message to it (calls `received`) once it has it: that is its delivery
   * receipt; `{ read: true }` when it is also read there (its conversation open in a visible tab).
   */
  newMessage: (message: Message, received: (ack?: MessageAck) => void) => void;
  /** `senderId`'s messages to `userId` up to `upTo` reached a device of `userId`: to the sender's sockets. */
  messagesDelivered: (receipt: MessageReceipt) => void;
  /** `senderId`'s messages to `userId` up to `upTo` were read by `userId`: to the sender's sockets and the reader's other tabs. */
  messagesRead: (receipt: MessageReceipt) => void;
  /** A message of one of my conversations or groups changed (edited, deleted, reacted to, pinned or unpinned): the whole message. */
  messageUpdated: (message: Message) => void;
  typing: (notice: TypingNotice) => void;
  /** To the blocker's sockets only: the blocked person is not told, they just stop seeing the blocker's presence. */
  blockChanged: (change: BlockChanged) => void;
  conversationPinned: (change: ConversationPinned) => void;
  conversationMuted: (change: ConversationMuted) => void;
  conversationArchived: (change: ConversationArchived) => void;
  conversationMarkedUnread: (change: ConversationMarkedUnread) => void;
  messageStarred: (change: MessageStarred) => void;
  messagesHidden: (change: MessagesHidden) => void;
  conversationCleared: (change: ConversationCleared) => void;
  /** Someone this socket has on screen (it watches their presence, or everyone's) signed up, changed their name or picture, or deleted their account. */
  contactChanged: (change: ContactChanged) => void;
  groupChanged: (change: GroupChanged) => void;
  /** Every member of a group I am in has its messages up to one id, and read them up to another: my ticks there move. */
  groupReceipts: (receipts: GroupReceipts) => void;
  /** To my sockets: I read a group on one of my devices. */
  groupRead: (read: GroupRead) => void;
  /** To every socket of the person called: someone is calling (ring until accepted, declined or ended). */
  callRing: (call: Call) => void;
  /** To the caller's sockets and the callee's other tabs: one of the callee's devices answered. */
  callAccepted: (accepted: CallAccepted) => void;
  /** To both people's sockets: the call is over, and why. */
  callEnded: (ended: CallEnded) => void;
  /** From the other side of my call (its socket in the call): an offer, an answer or an ICE candidate. */
  callSignal: (signal: CallSignal) => void;
}

/** Most users one socket may watch the presence of. */
export const MAX_WATCHED_USERS = 1000;

/**
 * Whose presence a socket hears (`getOnlineUsers` and `onlineUsersChanged`): everyone, as a new
 * socket does and as a client whose whole contact list fits one page asks; or the users it has on
 * screen (its loaded sidebar pages and open conversation), so that a change costs the gateways what
 * its watchers cost, not what every socket costs.
 */
export const WatchPresenceSchema = Type.Union([Type.Literal('everyone'), Type.Array(uuidSchema(), { maxItems: MAX_WATCHED_USERS })]);
export type WatchPresence = Static<typeof WatchPresenceSchema>;

/**
 * What a client may put in its handshake (Socket.IO's `auth`): whom it watches from its first
 * moment (`getOnlineUsers` then lists only them), as a later `watchPresence` would say; without
 * it, the socket hears everyone.
 */
export interface HandshakeAuth {
  watchPresence?: WatchPresence;
}

/**
 * A message sent over the socket (`sendMessage`): what `POST /api/messages/send/:id` takes, with
 * the receiver in `to`. Text only: an image goes over HTTP, which reports its upload's progress.
 */
export const SocketSendSchema = Type.Object(
  {
    to: uuidSchema({ errorMessage: 'to must be a user id' }),
    text: SendBodySchema.properties.text,
    clientMessageId: SendBodySchema.properties.clientMessageId,
    replyTo: SendBodySchema.properties.replyTo,
    forwardOf: SendBodySchema.properties.forwardOf,
    linkPreview: SendBodySchema.properties.linkPreview,
    image: Type.Optional(Type.Null({ errorMessage: 'An image is sent over HTTP' })),
  },
  { errorMessage: { type: 'A message must be an object', required: { to: 'to must be a user id' } } },
);
export type SocketSend = Static<typeof SocketSendSchema>;

/**
 * The answer to `sendMessage`: the message as stored (as the HTTP send answers it), or the refusal
 * with the status and `{message}` the HTTP send would have answered. A 503 or no answer at all
 * means the send may not have happened: the client tries again with the same clientMessageId.
 */
export type SocketSendAnswer = { message: Message } | { error: { status: number; message: string } };

/** How long a client waits for `sendMessage`'s answer before it tries again (over HTTP when the socket is down). */
export const SOCKET_SEND_TIMEOUT_MS = 10_000;

/** What a client emits: that it is typing, whose presence it watches, and text messages. */
export interface ClientToServerEvents {
  /** I am typing to `to` (or stopped): at most every 2 s while typing, and `false` on send or blur. */
  typing: (typing: Typing) => void;
  /** Answered with `getOnlineUsers`: the online users among those watched, the socket's own user included. */
  watchPresence: (watch: WatchPresence) => void;
  /** How many others are online (the sidebar's "(N online)" when not everyone is watched), as an acknowledgement. */
  countOnline: (answer: (count: number) => void) => void;
  /** A text message, answered with the message as stored or why not: the send without an HTTP request. */
  sendMessage: (send: SocketSend, answer: (answer: SocketSendAnswer) => void) => void;
  /** I have a group's messages up to `upTo`: my delivery receipt there (the newest, at most about once a second). */
  groupReceived: (received: GroupReceived) => void;
  /** I call `to`: answered with the call (ringing) or why not (`ended` busy, `error`). */
  callStart: (start: CallStart, answer: (answer: CallAnswer) => void) => void;
  /** I answer a call ringing here: this socket becomes my side of it. */
  callAccept: (call: CallRef, answer: (answer: CallAnswer) => void) => void;
  /** I decline a call ringing on my devices: every one of them stops. */
  callDecline: (call: CallRef, answer: (answer: CallAnswer) => void) => void;
  /** I hang up (or, as the caller, give up while it rings). */
  callHangUp: (call: CallRef, answer: (answer: CallAnswer) => void) => void;
  /** My socket came back during my call (a network change, a short drop): this socket is my side of it again. */
  callRejoin: (call: CallRef, answer: (answer: CallAnswer) => void) => void;
  /**
   * Which call rings for me now, asked by a tab as its socket connects (opened, or back from sleep
   * during the ring): answered with that call (ringing), or 404 when none does.
   */
  callRinging: (query: CallRingingQuery, answer: (answer: CallAnswer) => void) => void;
  /** To the other side of my call: an offer, an answer or an ICE candidate. Dropped unless this socket is in the call. */
  callSignal: (signal: CallSignal) => void;
}

/** What the gateway keeps on a socket once its handshake passed. */
export interface SocketData {
  userId: string;
  /** The session the socket was opened with: revoking it ends the socket. */
  sessionId: string;
}
