import { Type, type Static } from 'typebox';
import { messageIdSchema, uuidSchema } from './ids.js';
import { FileAttachmentSchema, MAX_VOICE_SECONDS } from './files.js';
import { ContactSchema } from './users.js';
import { GroupCardSchema, GroupRoleSchema, SystemEventSchema } from './groups.js';
import { CallLogSchema } from './calls.js';

/** The message a reply answers, as it is now: its text and image are null once it is deleted. */
export const QuotedMessageSchema = Type.Object({
  _id: Type.String(),
  senderId: Type.String(),
  text: Type.Union([Type.String(), Type.Null()]),
  image: Type.Union([Type.String(), Type.Null()]),
  /** The name of the file it carries, if it carries one (and is not deleted). */
  fileName: Type.Optional(Type.String()),
});
export type QuotedMessage = Static<typeof QuotedMessageSchema>;

/** One emoji on a message and who put it there (each person has at most one reaction on a message). */
export const ReactionSchema = Type.Object({ emoji: Type.String(), userIds: Type.Array(Type.String()) });
export type Reaction = Static<typeof ReactionSchema>;

export const MessageSchema = Type.Object({
  _id: Type.String(),
  senderId: Type.String(),
  receiverId: Type.String(),
  text: Type.Union([Type.String(), Type.Null()]),
  image: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** When a device of the receiver first had it; null until then. */
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  /** When the receiver read it; null until then, and always for anyone whose read receipts are off. */
  readAt: Type.Union([Type.String(), Type.Null()]),
  /** When its author last changed its text; null if never. */
  editedAt: Type.Union([Type.String(), Type.Null()]),
  /** When its author deleted it for everyone: from then on it has no text and no image. */
  deletedAt: Type.Union([Type.String(), Type.Null()]),
  /** The message this one answers; null when it answers none. */
  replyTo: Type.Union([QuotedMessageSchema, Type.Null()]),
  /** Most given first. */
  reactions: Type.Array(ReactionSchema),
  /** A copy of another message's text and image, forwarded by its sender: shown marked "Forwarded". */
  forwarded: Type.Optional(Type.Literal(true)),
  /** Its sender removed its first web link's card before sending: none is shown. */
  noLinkPreview: Type.Optional(Type.Literal(true)),
  /** The file (a document) it carries, with `text` as its caption; absent for none, and once deleted. */
  file: Type.Optional(FileAttachmentSchema),
  /**
   * Starred by whoever asked (a bookmark of theirs, which the other person never sees): only in
   * answers to them (a conversation's history, the starred list), never in events both people get.
   */
  starred: Type.Optional(Type.Literal(true)),
  /** The group it was sent to (`receiverId` names the group too); absent between two people. */
  groupId: Type.Optional(Type.String()),
  /** The admin of its group who deleted it for everyone (not its author): shown "deleted by an admin". */
  deletedBy: Type.Optional(Type.String()),
  /** A line of the group's story ("Ann added Bob") rather than something someone wrote. */
  system: Type.Optional(SystemEventSchema),
  /** The members of its group it mentions ("@Ann" in its text): highlighted for all, and noticed by them. */
  mentions: Type.Optional(Type.Array(Type.String())),
  /** The line a call left ("Missed voice call", "Video call, 4:12"), from its caller to the person called. */
  call: Type.Optional(CallLogSchema),
  /** Pinned to the top of its conversation (or group) since then, for everyone in it: up to MAX_PINNED_MESSAGES a chat. */
  pinnedAt: Type.Optional(Type.String()),
});
export type Message = Static<typeof MessageSchema>;

/** The most members one group message may mention. */
export const MAX_MENTIONS = 50;

/** How long after sending its author may change a message's text. */
export const EDIT_WINDOW_MINUTES = 15;

export const MessageIdParamsSchema = Type.Object({
  messageId: messageIdSchema('Invalid message id'),
});

/** The emoji picker's reaction set: offered first, one click each; any other single emoji may be chosen from the picker. */
export const QUICK_REACTIONS = ['👍', '❤️', '😃', '😢', '🙏', '👎', '😡'] as const;
/** The longest emoji a reaction may be, in UTF-16 units (a family or flag sequence fits). */
export const MAX_REACTION_LENGTH = 32;

// Built at run time: a regular-expression literal with the `v` flag needs an ES2024 target.
const SINGLE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');
/** Whether `text` is exactly one emoji, so it may be a reaction. */
export const isSingleEmoji = (text: string) => text.length <= MAX_REACTION_LENGTH && SINGLE_EMOJI.test(text);

export const ReactBodySchema = Type.Object(
  { emoji: Type.String({ maxLength: MAX_REACTION_LENGTH, errorMessage: 'Reaction must be a single emoji' }) },
  { errorMessage: { type: 'Request body must be a JSON object', required: 'Emoji is required' } },
);
export type ReactBody = Static<typeof ReactBodySchema>;

export const EditBodySchema = Type.Object(
  { text: Type.String({ errorMessage: 'Text must be a string' }) },
  { errorMessage: { type: 'Request body must be a JSON object', required: 'Text is required' } },
);
export type EditBody = Static<typeof EditBodySchema>;

/** The longest text a message may hold, in characters. */
export const MAX_TEXT = 2000;
export const TEXT_TOO_LONG = `Message must be at most ${MAX_TEXT} characters`;
/** History pages: the most one request may ask for, and what it gets when it does not say. */
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;

export const UserIdParamsSchema = Type.Object({
  id: uuidSchema({ errorMessage: 'Invalid user id' }),
});

export const HistoryQuerySchema = Type.Object({
  before: Type.Optional(messageIdSchema('before must be a message id')),
  limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', errorMessage: `limit must be an integer from 1 to ${MAX_PAGE}` })),
});

export const SendBodySchema = Type.Object(
  {
    text: Type.Optional(Type.Union([Type.String(), Type.Null()], { errorMessage: 'Text must be a string' })),
    image: Type.Optional(Type.Union([Type.String(), Type.Null()], { errorMessage: 'Image must be a data URL or null' })),
    /** Makes a retried send safe: the same id is stored once. */
    clientMessageId: Type.Optional(uuidSchema({ errorMessage: 'clientMessageId must be a UUID' })),
    /** The id of the message of this conversation that this one answers. */
    replyTo: Type.Optional(messageIdSchema('replyTo must be a message id')),
    /**
     * The id of a message I sent or received, whose text and image this one carries on to another
     * conversation (marked forwarded); then the body has no text, image or replyTo of its own.
     */
    forwardOf: Type.Optional(messageIdSchema('forwardOf must be a message id')),
    /** false: its first web link shows no card (its sender removed it); the card shows otherwise. */
    linkPreview: Type.Optional(Type.Boolean({ errorMessage: 'linkPreview must be true or false' })),
    /** In a group: the members its text mentions (anyone else is dropped). */
    mentions: Type.Optional(
      Type.Array(uuidSchema({ errorMessage: 'Each mention must be a user id' }), {
        maxItems: MAX_MENTIONS,
        uniqueItems: true,
        errorMessage: { type: 'mentions must be a list of user ids', maxItems: `A message mentions at most ${MAX_MENTIONS} people` },
      }),
    ),
  },
  { errorMessage: { type: 'Request body must be a JSON object' } },
);
export type SendBody = Static<typeof SendBodySchema>;

/**
 * `POST /api/messages/send-file/:id` is multipart/form-data: these fields first (each optional),
 * then the file itself in the part SEND_FILE_PART.
 */
export const SendFileFieldsSchema = Type.Object({
  /** A caption. */
  text: Type.Optional(Type.String({ errorMessage: 'Text must be a string' })),
  clientMessageId: Type.Optional(uuidSchema({ errorMessage: 'clientMessageId must be a UUID' })),
  replyTo: Type.Optional(messageIdSchema('replyTo must be a message id')),
  /** The file is a voice message this many seconds long (a recording, 1 to MAX_VOICE_SECONDS). */
  voiceSeconds: Type.Optional(
    Type.String({
      pattern: '^(?:[1-9]|[1-9][0-9]|[1-8][0-9]{2}|900)$',
      errorMessage: `voiceSeconds must be a whole number of seconds from 1 to ${MAX_VOICE_SECONDS}`,
    }),
  ),
});
export type SendFileFields = Static<typeof SendFileFieldsSchema>;

/** A sidebar entry: a user, the latest message between us (as history shows it) and how many of theirs I have not read. */
export const InboxEntrySchema = Type.Object({
  _id: Type.String(),
  fullName: Type.String(),
  profilePic: Type.String(),
  lastMessage: Type.Union([MessageSchema, Type.Null()]),
  /**
   * The id of the conversation's latest message, where the entry shows another (I deleted the
   * latest for me: `lastMessage` is the one before) or none (I cleared the chat): where it sorts.
   */
  latestMessageId: Type.Optional(Type.String()),
  /** Counted up to UNREAD_COUNT_CAP; the badge shows "99+" past 99. */
  unreadCount: Type.Integer({ minimum: 0 }),
  /** When they were last online (as their last socket closed, or as they came online); null when they hide it. */
  lastSeen: Type.Union([Type.String(), Type.Null()]),
  /** They deleted their account: the conversation stays, as with "Deleted user", and cannot be written to. */
  accountDeleted: Type.Optional(Type.Literal(true)),
  /** I pinned the conversation: the inbox's first page starts with the pinned ones, the latest pinned first. */
  pinned: Type.Optional(Type.Literal(true)),
  /** When I pinned it (on the inbox's pages): my pinned groups take their places among the pinned conversations by it. */
  pinnedAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** I archived the conversation: it is listed with `archived=true`, not in the inbox. */
  archived: Type.Optional(Type.Literal(true)),
  /** I marked the conversation unread, to come back to it: shown unread until I open it. */
  markedUnread: Type.Optional(Type.Literal(true)),
});
export type InboxEntry = Static<typeof InboxEntrySchema>;

/** A group in my list: the group, its latest message I may see, and how many since my read cursor are others'. */
export const GroupEntrySchema = Type.Object({
  group: GroupCardSchema,
  /** Mine in it (as it was, once removed): whether its rules let me send or edit its info. */
  role: GroupRoleSchema,
  lastMessage: Type.Union([MessageSchema, Type.Null()]),
  /** Counted up to UNREAD_COUNT_CAP, as a conversation's. */
  unreadCount: Type.Integer({ minimum: 0 }),
  /** Who its latest message names: its sender, and the first NAMED_IN_PREVIEW people of a line ("Ann added Bob"). */
  people: Type.Array(ContactSchema),
  /** A message I have not read mentions me: the row is marked "@". */
  mentioned: Type.Optional(Type.Literal(true)),
  /** When I pinned it: pinned groups and conversations head the inbox together, the latest pinned first. */
  pinnedAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** I archived it and nothing was said in it since: it is in the archive, not the inbox. */
  archived: Type.Optional(Type.Literal(true)),
  /** I marked it unread to come back to it. */
  markedUnread: Type.Optional(Type.Literal(true)),
});
export type GroupEntry = Static<typeof GroupEntrySchema>;

/** Pages of my groups: the most one request may ask for, and what it gets when it does not say. */
export const MAX_GROUPS_PAGE = 100;
export const DEFAULT_GROUPS_PAGE = 50;

export const GroupsQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.String({ pattern: '^(100|[1-9][0-9]?)$', errorMessage: `limit must be an integer from 1 to ${MAX_GROUPS_PAGE}` }),
  ),
  /** Where the page starts: the previous page's `X-Next-Cursor`. */
  cursor: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,512}$', errorMessage: 'Invalid cursor' })),
});
export type GroupsQuery = Static<typeof GroupsQuerySchema>;

/** Unread messages are counted up to this many per conversation: beyond it a count says nothing more. */
export const UNREAD_COUNT_CAP = 100;
/** Contact pages: the most one request may ask for, and what it gets when it does not say. */
export const MAX_CONTACTS_PAGE = 200;
export const DEFAULT_CONTACTS_PAGE = 100;
/** The longest contact search, in characters. */
export const MAX_CONTACT_SEARCH = 100;
/** Where a page of contacts says how to ask for the next one (absent on the last page): pass it as `?cursor=`. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const ContactsQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: MAX_CONTACT_SEARCH, errorMessage: `q must be at most ${MAX_CONTACT_SEARCH} characters` })),
  limit: Type.Optional(
    Type.String({ pattern: '^(200|1[0-9]{2}|[1-9][0-9]?)$', errorMessage: `limit must be an integer from 1 to ${MAX_CONTACTS_PAGE}` }),
  ),
  cursor: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,512}$', errorMessage: 'Invalid cursor' })),
  /** `true`: only the people online now ("Show online only"), by name, paged like the rest. */
  online: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { errorMessage: 'online must be true or false' })),
  /** `true`: only the conversations I archived, latest activity first, paged like the rest. */
  archived: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { errorMessage: 'archived must be true or false' })),
});
export type ContactsQuery = Static<typeof ContactsQuerySchema>;

/** `POST /api/messages/read/:id`: every message from that user up to and including this one is read. */
export const ReadBodySchema = Type.Object(
  { upTo: messageIdSchema('upTo must be a message id') },
  { errorMessage: { required: { upTo: 'upTo is required' }, type: 'Request body must be a JSON object' } },
);
export type ReadBody = Static<typeof ReadBodySchema>;

/** The longest message search, in characters, and the most words of it that count. */
export const MAX_MESSAGE_SEARCH = 100;
export const MAX_SEARCH_WORDS = 8;

/** `GET /api/messages/search`: my messages with every word of `q` (as a word start), newest first. */
export const MessageSearchQuerySchema = Type.Object(
  {
    q: Type.String({ maxLength: MAX_MESSAGE_SEARCH, errorMessage: `q must be at most ${MAX_MESSAGE_SEARCH} characters` }),
    /** Only the conversation with this user, or this group (within my time in it). */
    with: Type.Optional(uuidSchema({ errorMessage: 'with must be a user or group id' })),
    before: Type.Optional(messageIdSchema('before must be a message id')),
    limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', errorMessage: `limit must be an integer from 1 to ${MAX_PAGE}` })),
  },
  { errorMessage: { required: { q: 'q is required' } } },
);
export type MessageSearchQuery = Static<typeof MessageSearchQuerySchema>;

/**
 * A message found by a search (or starred): the person it is with, or, said in a group, who sent it
 * and the group (its row shows the group's name and picture, "Ann: …").
 */
export const MessageSearchResultSchema = Type.Object({
  message: MessageSchema,
  peer: ContactSchema,
  group: Type.Optional(Type.Pick(GroupCardSchema, ['_id', 'name', 'picture'])),
});
export type MessageSearchResult = Static<typeof MessageSearchResultSchema>;

/** `GET /api/messages/starred`: the messages I starred (or those with one person), newest first. */
export const StarredQuerySchema = Type.Object({
  /** Only the conversation with this user, or this group. */
  with: Type.Optional(uuidSchema({ errorMessage: 'with must be a user or group id' })),
  before: Type.Optional(messageIdSchema('before must be a message id')),
  limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', errorMessage: `limit must be an integer from 1 to ${MAX_PAGE}` })),
});
export type StarredQuery = Static<typeof StarredQuerySchema>;

/** What a conversation's "Media, links and docs" lists: its photos, its files (not voice messages), its messages with a web link. */
export const SHARED_KINDS = ['media', 'docs', 'links'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

/** `GET /api/messages/shared/:id`: one kind of what my conversation with that user holds, newest first. */
export const SharedQuerySchema = Type.Object(
  {
    // Written out, so that its type is the three kinds (a mapped array would type it as none).
    kind: Type.Union([Type.Literal('media'), Type.Literal('docs'), Type.Literal('links')], {
      errorMessage: `kind must be one of ${SHARED_KINDS.join(', ')}`,
    }),
    before: Type.Optional(messageIdSchema('before must be a message id')),
    limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', errorMessage: `limit must be an integer from 1 to ${MAX_PAGE}` })),
  },
  { errorMessage: { required: { kind: 'kind is required' } } },
);
export type SharedQuery = Static<typeof SharedQuerySchema>;

/** The most messages one "Delete for me" takes. */
export const MAX_DELETE_FOR_ME = 100;

/** `POST /api/messages/delete-for-me/:id`: messages of my conversation with that user, gone for me alone. */
export const DeleteForMeBodySchema = Type.Object(
  {
    messageIds: Type.Array(messageIdSchema('messageIds must be message ids'), {
      minItems: 1,
      maxItems: MAX_DELETE_FOR_ME,
      errorMessage: `messageIds must list 1 to ${MAX_DELETE_FOR_ME} message ids`,
    }),
  },
  { errorMessage: { required: { messageIds: 'messageIds is required' }, type: 'Request body must be a JSON object' } },
);
export type DeleteForMeBody = Static<typeof DeleteForMeBodySchema>;

/** What my inbox entry for a conversation shows once messages of it are gone for me: the newest left, or none. */
export const ShownMessageSchema = Type.Object({ lastMessage: Type.Union([MessageSchema, Type.Null()]) });
export type ShownMessage = Static<typeof ShownMessageSchema>;

/** `POST /api/messages/clear/:id`: the messages of my conversation with that user, up to and including `upTo`, are gone for me. */
export const ClearedSchema = Type.Object({ upTo: Type.String() });
export type Cleared = Static<typeof ClearedSchema>;

/** Why clearing a chat is refused. */
export const CLEAR_ERRORS = { noConversation: 'There are no messages to clear' } as const;

/** Why a star is refused. */
export const STAR_ERRORS = { deleted: 'A deleted message cannot be starred' } as const;

/** The words a search looks for: letters and digits, lower-cased, as the database's "simple" parser splits them. */
export const searchWords = (q: string): string[] => [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_SEARCH_WORDS);

/** Why a message, a reaction or an edit is refused while a block stands between the two people. */
export const BLOCKED_ERRORS = {
  /** To the blocked person. */
  blockedByReceiver: 'This contact is not accepting your messages',
  /** To the person who blocked. */
  receiverBlocked: 'You blocked this contact: unblock them to send a message',
} as const;

/** The most conversations one user may pin to the top of their inbox. */
export const MAX_PINNED_CONVERSATIONS = 5;
/** The most messages one chat holds pinned at its top, as WhatsApp's three: one more unpins the oldest. */
export const MAX_PINNED_MESSAGES = 3;

/** Why a pin is refused. */
export const PIN_ERRORS = {
  noConversation: 'Send or receive a message first to pin this chat',
  tooMany: `You can pin up to ${MAX_PINNED_CONVERSATIONS} chats`,
} as const;

/** Why archiving is refused. */
export const ARCHIVE_ERRORS = { noConversation: 'Send or receive a message first to archive this chat' } as const;

/** Why marking a conversation unread is refused. */
export const UNREAD_MARK_ERRORS = { noConversation: 'Send or receive a message first to mark this chat unread' } as const;

/** On the inbox's pages (not a search's, nor "Show online only"): how many conversations I archived. */
export const ARCHIVED_COUNT_HEADER = 'x-archived-count';

/** Why a forward is refused. */
export const FORWARD_ERRORS = {
  withContent: 'A forwarded message carries only what it forwards',
  deleted: 'A deleted message cannot be forwarded',
} as const;

/** The most people one forward goes to at once, as the web app offers it. */
export const MAX_FORWARD_RECIPIENTS = 5;

/** How long a conversation may be muted, as WhatsApp offers it: its length in milliseconds, or null for always. */
export const MUTE_DURATIONS = { '8h': 8 * 60 * 60 * 1000, '1w': 7 * 24 * 60 * 60 * 1000, always: null } as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS;

/** When a mute of `duration` from `now` ends, as an ISO time; null for always. */
export function muteEnd(duration: MuteDuration, now = Date.now()): string | null {
  const length = MUTE_DURATIONS[duration];
  return length === null ? null : new Date(now + length).toISOString();
}

/** `POST /api/messages/mute/:id`: for how long. */
export const MuteBodySchema = Type.Object(
  {
    for: Type.Union([Type.Literal('8h'), Type.Literal('1w'), Type.Literal('always')], {
      errorMessage: "for must be '8h', '1w' or 'always'",
    }),
  },
  { errorMessage: { type: 'Request body must be a JSON object', required: { for: "for must be '8h', '1w' or 'always'" } } },
);

/** A conversation I muted: its messages notify nothing on any of my devices until `until` (null: until I unmute it). */
export const MuteSchema = Type.Object({ userId: Type.String(), until: Type.Union([Type.String(), Type.Null()]) });
export type Mute = Static<typeof MuteSchema>;

/** Why a message, or a change to one, is refused, as the person who asked reads it. */
export const MESSAGE_ERRORS = {
  notFound: 'Message not found',
  userNotFound: 'User not found',
  toMyself: 'You cannot send a message to yourself',
  nothingToSend: 'Message must have text or an image',
  emptyText: 'Message text cannot be empty',
  replyElsewhere: 'You can only reply to a message in this conversation',
  replyToDeleted: 'A deleted message cannot be replied to',
  editDeleted: 'A deleted message cannot be edited',
  editWithoutText: 'Only a message with text can be edited',
  editOthers: 'You can only edit your own messages',
  deleteOthers: 'You can only delete your own messages',
  reactToDeleted: 'A deleted message cannot be reacted to',
  pinDeleted: 'A deleted message cannot be pinned',
  reactionNotEmoji: 'Reaction must be a single emoji',
  blockMyself: 'You cannot block yourself',
  muteMyself: 'You cannot mute yourself',
  searchNothing: 'Search for at least one letter or digit',
} as const;

/** What a person doing one thing too often is told, by the thing (each has a limit of its own). */
export const TOO_FAST_ERRORS = {
  messages: 'You are sending messages too fast. Please slow down.',
  files: 'You are sending files too fast. Please slow down.',
  reads: 'You are marking messages read too fast. Please slow down.',
  reactions: 'You are reacting too fast. Please slow down.',
  deletions: 'You are deleting too fast. Please slow down.',
  stars: 'You are starring and unstarring too fast. Please slow down.',
  pins: 'You are pinning and unpinning too fast. Please slow down.',
  archives: 'You are archiving too fast. Please slow down.',
  unreadMarks: 'You are marking chats too fast. Please slow down.',
  mutes: 'You are muting and unmuting too fast. Please slow down.',
  blocks: 'You are blocking and unblocking too fast. Please slow down.',
  exports: 'An export is on its way. Please wait a minute before asking again.',
} as const;
