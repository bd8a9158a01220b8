import { Type, type Static, type TSchema } from 'typebox';
import { uuidSchema } from './ids.js';
import { GroupReceiptsSchema } from './groups.js';
import { MessageSchema } from './messages.js';
import {
  ConversationArchivedSchema,
  ConversationClearedSchema,
  ConversationMarkedUnreadSchema,
  ConversationMutedSchema,
  ConversationPinnedSchema,
  GroupChangedSchema,
  GroupReadSchema,
  MessageReceiptSchema,
  MessagesHiddenSchema,
  MessageStarredSchema,
  type ServerToClientEvents,
} from './realtime.js';
import { PrivacySettingsSchema } from './users.js';
import { CallAcceptedSchema, CallEndedSchema, CallSchema } from './calls.js';

/** Every bus subject is named here and only here. */
export const subjects = {
  /**
   * A `UserEvent` for one user's sockets: a committed message (published once for the receiver and
   * once for the sender, as DESIGN.md §5 names this subject) or a receipt of theirs.
   */
  userEvents: (userId: string) => `chat.msg.${userId}`,
  /**
   * A `GroupEvent` for the sockets of a group's members: published once per message whatever the
   * group's size; a gateway listens while it holds a socket of a member (docs/groups.md).
   */
  groupEvents: (groupId: string) => `chat.group.${groupId}`,
  /** A request: the groups a user is a member of now (`GroupsOf`), answered by a messages replica: a gateway asks as the user's first socket arrives. */
  groupsOf: 'groups.of',
  /** `ReceiptsReported` from the gateways: the messages their sockets acknowledged, and read. */
  receiptsReported: 'receipts.reported',
  /** `UsersSeen` from the gateways: users who came online or went offline, for their last seen. */
  usersSeen: 'users.seen',
  /** A `UserUpserted` after a signup or a profile change. */
  usersUpserted: 'users.upserted',
  /** A `UserDeleted` after a user deleted their account: messages keeps their messages as from "Deleted user". */
  usersDeleted: 'users.deleted',
  /**
   * A `ContactChanged`: a new contact, a new name or picture, or an account deleted, live (at most once), from
   * messages once its contacts table holds it: every gateway replica tells the sockets that have that user on screen.
   */
  contactsChanged: 'contacts.changed',
  /** A `SessionsRevoked` after a logout: the gateway ends those sessions' sockets. */
  sessionsRevoked: 'sessions.revoked',
  /**
   * A request: the `RelayedSend`s a gateway took in one turn of its event loop, answered by one
   * messages replica with a `SocketSendAnswer` for each, in order.
   */
  sendRelayed: 'messages.send',
  /** A request: a socket's call command (`RelayedCallCommand`), answered by one messages replica with a `CallAnswer`. */
  callCommand: 'calls.command',
  /** A request: the sockets a gateway holds in calls (`CallsAlive`), three times a grace period; answered once stamped. */
  callsAlive: 'calls.alive',
} as const;

/** A socket's `sendMessage`, as its gateway relays it to the messages service: the send, and who sent it from which socket. */
export interface RelayedSend {
  senderId: string;
  originSocketId: string;
  /** As the socket sent it, unchecked: the messages service checks it as it checks an HTTP send. */
  send: unknown;
}

/**
 * A socket event for one user's sockets, as messages publishes it on `chat.msg.<userId>`: the event's
 * own name and payload, which the gateway emits as they are. `originSocketId` names the socket that
 * caused it (it knows already and is left out).
 */
const socketEvent = <Event extends keyof ServerToClientEvents, Payload extends TSchema>(event: Event, payload: Payload) =>
  Type.Object({ event: Type.Literal(event), payload, originSocketId: Type.Optional(Type.String()) });

/**
 * What messages publishes on `chat.msg.<userId>`: a socket event (above), or `blocksChanged`, told to
 * both people, from which the gateways holding either hide (or show again) each one's presence and
 * typing from the other, and tell the blocker's sockets `blockChanged`.
 */
export const UserEventSchema = Type.Union([
  socketEvent('newMessage', MessageSchema),
  socketEvent('messagesDelivered', MessageReceiptSchema),
  socketEvent('messagesRead', MessageReceiptSchema),
  socketEvent('messageUpdated', MessageSchema),
  socketEvent('conversationPinned', ConversationPinnedSchema),
  socketEvent('messageStarred', MessageStarredSchema),
  socketEvent('messagesHidden', MessagesHiddenSchema),
  socketEvent('conversationCleared', ConversationClearedSchema),
  socketEvent('conversationMarkedUnread', ConversationMarkedUnreadSchema),
  socketEvent('conversationArchived', ConversationArchivedSchema),
  socketEvent('conversationMuted', ConversationMutedSchema),
  socketEvent('groupChanged', GroupChangedSchema),
  socketEvent('groupRead', GroupReadSchema),
  socketEvent('callRing', CallSchema),
  socketEvent('callAccepted', CallAcceptedSchema),
  socketEvent('callEnded', CallEndedSchema),
  Type.Object({
    event: Type.Literal('blocksChanged'),
    payload: Type.Object({ blockerId: Type.String(), blockedId: Type.String(), blocked: Type.Boolean() }),
  }),
]);
export type UserEvent = Static<typeof UserEventSchema>;
/**
 * What messages publishes on `chat.group.<groupId>`: a message for every member's sockets, or the
 * members who left or were removed, in order with the messages: a gateway stops writing to their
 * sockets before the next message.
 */
export const GroupEventSchema = Type.Union([
  socketEvent('newMessage', MessageSchema),
  socketEvent('messageUpdated', MessageSchema),
  socketEvent('groupReceipts', GroupReceiptsSchema),
  Type.Object({
    event: Type.Literal('membersRemoved'),
    payload: Type.Object({ groupId: Type.String(), userIds: Type.Array(Type.String()) }),
  }),
]);
export type GroupEvent = Static<typeof GroupEventSchema>;

/** What `groups.of` asks (`userId`) and answers (`groupIds`). */
export const GroupsOfRequestSchema = Type.Object({ userId: uuidSchema() });
export const GroupsOfSchema = Type.Object({ groupIds: Type.Array(Type.String()) });
export type GroupsOf = Static<typeof GroupsOfSchema>;

/** The socket events a `UserEvent` may carry: all but `blocksChanged`, which the gateway acts on itself. */
export type SocketUserEvent = Exclude<UserEvent, { event: 'blocksChanged' }>;
/** What `blocksChanged` says: who blocked whom, or lifted it. */
export type BlocksChanged = Extract<UserEvent, { event: 'blocksChanged' }>['payload'];

/**
 * The most reports one event of a gateway carries (receipts, users seen); more go out as several
 * events. A report is at most ~250 bytes, so an event stays well under NATS's 1 MB `max_payload`,
 * past which the bus refuses it: a replica's 16,000 users leaving at once are one such batch.
 * A rule for the sender only: the readers take larger events, as a replica from before sent them.
 */
export const MAX_REPORTS_PER_EVENT = 1_000;

/** A member's delivery receipt in a group, as a gateway reports it: `userId` has its messages up to `upTo` since `at`. */
export const GroupDeliveredSchema = Type.Object({ groupId: Type.String(), userId: Type.String(), upTo: Type.String(), at: Type.String() });
export type GroupDelivered = Static<typeof GroupDeliveredSchema>;

/** A read reported by a socket's acknowledgement, with that socket. */
export const SocketReadSchema = Type.Intersect([MessageReceiptSchema, Type.Object({ originSocketId: Type.String() })]);
export type SocketRead = Static<typeof SocketReadSchema>;

/**
 * What a gateway's sockets acknowledged: each `upTo` is the newest message from `senderId` that
 * `userId` received (`delivered`), or received in an open conversation (`read`).
 */
export const ReceiptsReportedSchema = Type.Object({
  delivered: Type.Array(MessageReceiptSchema),
  read: Type.Array(SocketReadSchema),
  /** Members' sockets have their groups' messages up to `upTo` (`GroupReceived`, with who and when). */
  groupDelivered: Type.Optional(Type.Array(GroupDeliveredSchema)),
});

export type ReceiptsReported = Static<typeof ReceiptsReportedSchema>;

/** Users seen coming online or going offline, at `at`. */
export const UsersSeenSchema = Type.Object({
  seen: Type.Array(Type.Object({ userId: uuidSchema(), at: Type.String() }), { minItems: 1 }),
});
export type UsersSeen = Static<typeof UsersSeenSchema>;

/** A user's public card, as auth announces it on `users.upserted`. */
export const UserUpsertedSchema = Type.Object({
  _id: uuidSchema(),
  fullName: Type.String(),
  profilePic: Type.String(),
  /** Absent in events from before privacy settings: the defaults hold. */
  settings: Type.Optional(PrivacySettingsSchema),
  /** Absent in events from before "About": none. */
  about: Type.Optional(Type.String()),
});
export type UserUpserted = Static<typeof UserUpsertedSchema>;

/** Sessions auth has revoked (a logout, or a logout of all devices), as it announces them on `sessions.revoked`. */
export const SessionsRevokedSchema = Type.Object({
  /** Whose sessions they are: the gateways look among that user's sockets only. Absent in events from before. */
  userId: Type.Optional(uuidSchema()),
  sessionIds: Type.Array(uuidSchema(), { minItems: 1 }),
});
export type SessionsRevoked = Static<typeof SessionsRevokedSchema>;

/** A user who deleted their account, as auth announces it on `users.deleted`. */
export const UserDeletedSchema = Type.Object({ _id: uuidSchema() });
export type UserDeleted = Static<typeof UserDeletedSchema>;
