import { Type, type Static } from 'typebox';
import { messageIdSchema, uuidSchema } from './ids.js';
import { ContactSchema } from './users.js';

/** The most people a group holds, its creator included (WhatsApp's 1,024). */
export const MAX_GROUP_MEMBERS = 1024;
/** The most groups one person belongs to: it bounds their inbox and what their sockets listen to. */
export const MAX_GROUPS_PER_USER = 500;
export const MAX_GROUP_NAME = 100;
export const MAX_GROUP_DESCRIPTION = 512;
/** A line naming more people than this names these first ones and counts the rest ("Ann added Bob, Cat, Dan and 5 others"). */
export const NAMED_IN_PREVIEW = 3;

/** What the groups' routes answer when a request cannot be done, in words a person reads. */
export const GROUP_ERRORS = {
  notFound: 'Group not found',
  notMember: 'You are not a member of this group',
  notAdmin: 'Only group admins can do that',
  onlyAdminsSend: 'Only admins can send messages to this group',
  full: `A group holds at most ${MAX_GROUP_MEMBERS} members`,
  tooManyGroups: `You can be in at most ${MAX_GROUPS_PER_USER} groups`,
  unknownMember: 'Some of these people have no account',
  lastAdmin: 'Make someone else an admin before you leave',
  onlyAdminsEdit: 'Only admins can edit this group’s info',
  badInvite: 'This invite link is not valid any more',
  tooFast: 'This group is getting messages too fast. Please slow down.',
  notYourMessage: 'Message not found among yours in this group',
  stillMember: 'Exit the group before you delete it',
  onlyAdminsPin: 'Only admins can pin messages in this group',
} as const;

export const GroupRoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('member')]);
export type GroupRole = Static<typeof GroupRoleSchema>;

export const GroupMemberSchema = Type.Object({
  userId: Type.String(),
  role: GroupRoleSchema,
  joinedAt: Type.String(),
});
export type GroupMember = Static<typeof GroupMemberSchema>;

/** A group's card, as my list of groups shows it. */
export const GroupCardSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  picture: Type.String(),
  createdBy: Type.String(),
  createdAt: Type.String(),
  onlyAdminsSend: Type.Boolean(),
  onlyAdminsEdit: Type.Boolean(),
  /** How many are in it now. */
  memberCount: Type.Integer({ minimum: 0 }),
  /** I was removed or left: the group is read-only to me, its messages up to then. */
  removed: Type.Optional(Type.Literal(true)),
});
export type GroupCard = Static<typeof GroupCardSchema>;

/** A group as its members see it: its card, and who is in it (no one, for someone removed). */
export const GroupSchema = Type.Object({
  ...GroupCardSchema.properties,
  members: Type.Array(GroupMemberSchema),
  /**
   * The name and picture of everyone its messages and lines may name: who is or was in it, while I
   * was (someone removed sees nobody who joined after them).
   */
  people: Type.Array(ContactSchema),
});
export type Group = Static<typeof GroupSchema>;

const GROUP_NAME_REQUIRED = `Group name is required, at most ${MAX_GROUP_NAME} characters`;
const groupName = Type.String({ minLength: 1, maxLength: MAX_GROUP_NAME, pattern: '\\S', errorMessage: GROUP_NAME_REQUIRED });
const memberIds = (minItems: number) =>
  Type.Array(uuidSchema({ errorMessage: 'Each member must be a user id' }), {
    minItems,
    maxItems: MAX_GROUP_MEMBERS - 1,
    uniqueItems: true,
    errorMessage: { type: 'memberIds must be a list of user ids', maxItems: GROUP_ERRORS.full },
  });

export const CreateGroupBodySchema = Type.Object(
  {
    name: groupName,
    description: Type.Optional(
      Type.String({ maxLength: MAX_GROUP_DESCRIPTION, errorMessage: `Description must be at most ${MAX_GROUP_DESCRIPTION} characters` }),
    ),
    /** The people added with its creator (who becomes its first admin); none is a group of one. */
    memberIds: Type.Optional(memberIds(0)),
  },
  { errorMessage: { type: 'Request body must be a JSON object', required: GROUP_NAME_REQUIRED } },
);
export type CreateGroupBody = Static<typeof CreateGroupBodySchema>;

export const AddMembersBodySchema = Type.Object(
  { memberIds: memberIds(1) },
  { errorMessage: { type: 'Request body must be a JSON object' } },
);
export type AddMembersBody = Static<typeof AddMembersBodySchema>;

export const UpdateGroupBodySchema = Type.Object(
  {
    name: Type.Optional(groupName),
    description: Type.Optional(
      Type.String({ maxLength: MAX_GROUP_DESCRIPTION, errorMessage: `Description must be at most ${MAX_GROUP_DESCRIPTION} characters` }),
    ),
    /** Admins only: whether only admins may send, and edit the group's info. */
    onlyAdminsSend: Type.Optional(Type.Boolean({ errorMessage: 'onlyAdminsSend must be true or false' })),
    onlyAdminsEdit: Type.Optional(Type.Boolean({ errorMessage: 'onlyAdminsEdit must be true or false' })),
  },
  { minProperties: 1, errorMessage: { type: 'Request body must be a JSON object', minProperties: 'Say what to change' } },
);
export type UpdateGroupBody = Static<typeof UpdateGroupBodySchema>;

/** `PUT /api/messages/groups/:groupId/picture`: the group's picture, by whoever may edit its info. */
export const GroupPictureBodySchema = Type.Object(
  { picture: Type.String({ errorMessage: { type: 'Picture must be a data URL' } }) },
  { errorMessage: { type: 'Request body must be a JSON object', required: { picture: 'Picture is required' } } },
);
export type GroupPictureBody = Static<typeof GroupPictureBodySchema>;

export const SetRoleBodySchema = Type.Object(
  { role: GroupRoleSchema },
  { errorMessage: { type: 'Request body must be a JSON object', required: 'Role must be admin or member' } },
);
export type SetRoleBody = Static<typeof SetRoleBodySchema>;

/** A group's invite link's code: what follows /join/ in the link. */
export const GroupInviteSchema = Type.Object({ code: Type.String() });
export type GroupInvite = Static<typeof GroupInviteSchema>;
export const INVITE_CODE_PATTERN = '^[A-Za-z0-9_-]{22}$';
export const InviteCodeParamsSchema = Type.Object({
  code: Type.String({ pattern: INVITE_CODE_PATTERN, errorMessage: 'This invite link is not valid any more' }),
});

export const GroupIdParamsSchema = Type.Object({ groupId: uuidSchema({ errorMessage: 'Invalid group id' }) });
export const GroupMessageParamsSchema = Type.Object({
  groupId: uuidSchema({ errorMessage: 'Invalid group id' }),
  messageId: messageIdSchema('Invalid message id'),
});

/**
 * "Message info" of my message in a group: each member who was in it when it was sent (and still
 * is), with when it reached a device of theirs and when they read it (null: not yet). Read receipts
 * are always sent in a group, as in WhatsApp.
 */
export const MessageInfoSchema = Type.Object({
  members: Type.Array(
    Type.Object({
      userId: Type.String(),
      deliveredAt: Type.Union([Type.String(), Type.Null()]),
      readAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type MessageInfo = Static<typeof MessageInfoSchema>;

/**
 * Every member has the group's messages up to `deliveredUpTo` on a device, and has read them up to
 * `readUpTo` (as of `at`): the senders' ticks turn double, then read. Published on the group's
 * subject once per change, whatever its size.
 */
export const GroupReceiptsSchema = Type.Object({
  groupId: Type.String(),
  deliveredUpTo: Type.String(),
  readUpTo: Type.String(),
  at: Type.String(),
});
export type GroupReceipts = Static<typeof GroupReceiptsSchema>;

/** A client has its group's messages up to `upTo` (the newest it received): its delivery receipt, sent over its socket. */
export const GroupReceivedSchema = Type.Object({
  groupId: uuidSchema({ errorMessage: 'groupId must be a group id' }),
  upTo: messageIdSchema('upTo must be a message id'),
});
export type GroupReceived = Static<typeof GroupReceivedSchema>;
export const GroupMemberParamsSchema = Type.Object({
  groupId: uuidSchema({ errorMessage: 'Invalid group id' }),
  userId: uuidSchema({ errorMessage: 'Invalid user id' }),
});

/**
 * A line of a group's story, stored as a message of the group and shown centred: who did what
 * (`actorId`), to whom (`userIds`), and the new name. The app words it in each member's language.
 */
export const SystemEventSchema = Type.Union([
  Type.Object({ kind: Type.Literal('created'), actorId: Type.String(), name: Type.String() }),
  Type.Object({ kind: Type.Literal('added'), actorId: Type.String(), userIds: Type.Array(Type.String()) }),
  Type.Object({ kind: Type.Literal('removed'), actorId: Type.String(), userIds: Type.Array(Type.String()) }),
  Type.Object({ kind: Type.Literal('left'), actorId: Type.String() }),
  Type.Object({ kind: Type.Literal('joined'), actorId: Type.String() }),
  Type.Object({ kind: Type.Literal('renamed'), actorId: Type.String(), name: Type.String() }),
  Type.Object({ kind: Type.Literal('described'), actorId: Type.String() }),
  /** A new picture, or (`removed`) none any more. */
  Type.Object({ kind: Type.Literal('picture'), actorId: Type.String(), removed: Type.Optional(Type.Literal(true)) }),
  Type.Object({ kind: Type.Literal('rules'), actorId: Type.String(), onlyAdminsSend: Type.Boolean(), onlyAdminsEdit: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('promoted'), actorId: Type.String(), userIds: Type.Array(Type.String()) }),
  Type.Object({ kind: Type.Literal('demoted'), actorId: Type.String(), userIds: Type.Array(Type.String()) }),
]);
export type SystemEvent = Static<typeof SystemEventSchema>;
