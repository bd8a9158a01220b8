import { Type, type Static, type TSchema } from 'typebox';
import {
  ClearedSchema,
  ContactsQuerySchema,
  DeleteForMeBodySchema,
  GroupEntrySchema,
  GroupsQuerySchema,
  EditBodySchema,
  HistoryQuerySchema,
  InboxEntrySchema,
  MAX_PINNED_MESSAGES,
  MessageIdParamsSchema,
  MessageSchema,
  MessageSearchQuerySchema,
  MessageSearchResultSchema,
  MuteBodySchema,
  MuteSchema,
  ReactBodySchema,
  ReadBodySchema,
  SendBodySchema,
  SharedQuerySchema,
  ShownMessageSchema,
  StarredQuerySchema,
  UserIdParamsSchema,
} from './messages.js';
import { StorageUsageSchema } from './files.js';
import { IceServersSchema } from './calls.js';
import {
  AddMembersBodySchema,
  CreateGroupBodySchema,
  GroupCardSchema,
  GroupIdParamsSchema,
  GroupMessageParamsSchema,
  MessageInfoSchema,
  GroupMemberParamsSchema,
  GroupInviteSchema,
  GroupSchema,
  InviteCodeParamsSchema,
  MAX_GROUP_MEMBERS,
  MAX_GROUPS_PER_USER,
  SetRoleBodySchema,
  GroupPictureBodySchema,
  UpdateGroupBodySchema,
} from './groups.js';
import { LinkPreviewQuerySchema, LinkPreviewSchema } from './links.js';
import {
  AuthUserSchema,
  ContactCardSchema,
  ChangePasswordBodySchema,
  ContactSchema,
  DeleteAccountBodySchema,
  LoginBodySchema,
  MessageBodySchema,
  SignupBodySchema,
  UpdateAboutBodySchema,
  UpdateProfileBodySchema,
  UpdateSettingsBodySchema,
} from './users.js';

/**
 * One HTTP route of the API: its method, its path under `/api` (`:name` for a parameter), the
 * schemas of what it takes, and of what it answers for each success status (none: no body, 204).
 * The services register it as it is written here, and the web app's calls are typed from it.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response?: Record<number, TSchema>;
  /** What it does, for docs/api.md. */
  summary: string;
}

/** A route as written, its types kept. */
const route = <R extends Route>(spec: R): R => spec;

/** What a call of the route sends: its path's parameters, its query and its body, each where it has one. */
export type RouteInput<R extends Route> = (R extends { params: TSchema } ? { params: Static<R['params']> } : unknown) &
  (R extends { querystring: TSchema } ? { query: Static<R['querystring']> } : unknown) &
  (R extends { body: TSchema } ? { body: Static<R['body']> } : unknown);

/** What the route answers on success: its schema's type, or nothing (204). */
export type RouteAnswer<R extends Route> = R extends { response: Record<number, infer Answer extends TSchema> } ? Static<Answer> : void;

/** The routes by name. Each service registers its own; the web app calls any. */
export const routes = {
  signup: route({
    method: 'POST',
    url: '/auth/signup',
    body: SignupBodySchema,
    response: { 201: AuthUserSchema },
    summary: 'Creates an account and signs it in (the `jwt` cookie); 409 when the email is taken.',
  }),
  login: route({
    method: 'POST',
    url: '/auth/login',
    body: LoginBodySchema,
    response: { 200: AuthUserSchema },
    summary: 'Signs in (the `jwt` cookie); 401 `Invalid credentials` for an unknown email and a wrong password alike.',
  }),
  logout: route({
    method: 'POST',
    url: '/auth/logout',
    response: { 200: MessageBodySchema },
    summary: 'Ends this session on every service (its sockets close) and clears the cookie.',
  }),
  logoutAll: route({
    method: 'POST',
    url: '/auth/logout-all',
    response: { 200: MessageBodySchema },
    summary: 'Ends every session of mine: every device is signed out and its sockets closed.',
  }),
  iceServers: route({
    method: 'GET',
    url: '/auth/ice-servers',
    response: { 200: IceServersSchema },
    summary:
      'The STUN and TURN servers a call connects through, with a TURN credential of mine that expires (HMAC of `expiry:userId`, coturn’s shared secret); none where the deployment has none.',
  }),
  checkSession: route({
    method: 'GET',
    url: '/auth/check',
    response: { 200: AuthUserSchema },
    summary: 'Who I am signed in as; 401 without a valid session.',
  }),
  updateProfilePicture: route({
    method: 'PUT',
    url: '/auth/update-profile',
    body: UpdateProfileBodySchema,
    response: { 200: AuthUserSchema },
    summary: 'My picture, as a data URL (PNG, JPEG, GIF or WebP by its bytes, metadata stripped).',
  }),
  removeProfilePicture: route({
    method: 'DELETE',
    url: '/auth/profile-pic',
    response: { 200: AuthUserSchema },
    summary: 'The default avatar again ("Remove photo").',
  }),
  updateSettings: route({
    method: 'PUT',
    url: '/auth/settings',
    body: UpdateSettingsBodySchema,
    response: { 200: AuthUserSchema },
    summary: 'Changes the privacy settings named (`sendReadReceipts`, `showLastSeen`); answers the user.',
  }),
  updateAbout: route({
    method: 'PUT',
    url: '/auth/about',
    body: UpdateAboutBodySchema,
    response: { 200: AuthUserSchema },
    summary: 'My "About" line: one line, at most 140 characters (an emoji counts one); `""` clears it.',
  }),
  changePassword: route({
    method: 'POST',
    url: '/auth/change-password',
    body: ChangePasswordBodySchema,
    response: { 200: MessageBodySchema },
    summary: 'A new password by the signup rules; the current one confirms it (403 otherwise); every other session of mine ends.',
  }),
  deleteAccount: route({
    method: 'POST',
    url: '/auth/delete-account',
    body: DeleteAccountBodySchema,
    response: { 200: MessageBodySchema },
    summary: 'Deletes my account for good (my password confirms it): every session ends; others keep my words as from "Deleted user".',
  }),
  pinMessage: route({
    method: 'POST',
    url: '/messages/pin-message/:messageId',
    params: MessageIdParamsSchema,
    response: { 200: MessageSchema },
    summary: `Pins a message of my conversation (or of a group I am in; its admins alone where only admins edit its info) to the chat's top, for everyone in it: up to ${MAX_PINNED_MESSAGES}, one more unpins the oldest (each change a \`messageUpdated\`).`,
  }),
  unpinMessage: route({
    method: 'POST',
    url: '/messages/unpin-message/:messageId',
    params: MessageIdParamsSchema,
    response: { 200: MessageSchema },
    summary: 'Unpins a pinned message, for everyone in its chat.',
  }),
  pinnedMessages: route({
    method: 'GET',
    url: '/messages/pinned/:id',
    params: UserIdParamsSchema,
    response: { 200: Type.Array(MessageSchema) },
    summary: `The messages pinned in my conversation with that user (or a group I am or was in, by its id), the latest pinned first, as I see them: at most ${MAX_PINNED_MESSAGES}.`,
  }),
  pinConversation: route({
    method: 'POST',
    url: '/messages/pin/:id',
    params: UserIdParamsSchema,
    summary:
      'Pins my conversation with that user (or a group I am or was in, by its id) to the top of my inbox, on every device of mine (pinning it again keeps its place).',
  }),
  unpinConversation: route({
    method: 'POST',
    url: '/messages/unpin/:id',
    params: UserIdParamsSchema,
    summary: 'Unpins my conversation with that user (or that group): back among the others by its latest message.',
  }),
  archiveConversation: route({
    method: 'POST',
    url: '/messages/archive/:id',
    params: UserIdParamsSchema,
    summary:
      'Moves my conversation with that user (or that group) out of my inbox into the archive (unpinning it); a new message brings it back.',
  }),
  unarchiveConversation: route({
    method: 'POST',
    url: '/messages/unarchive/:id',
    params: UserIdParamsSchema,
    summary: 'Takes my conversation with that user (or that group) out of the archive, back into my inbox.',
  }),
  markUnread: route({
    method: 'POST',
    url: '/messages/mark-unread/:id',
    params: UserIdParamsSchema,
    summary:
      'Marks my conversation with that user (or that group) unread, to come back to it (`markedUnread` on its inbox or group entry).',
  }),
  unmarkUnread: route({
    method: 'POST',
    url: '/messages/unmark-unread/:id',
    params: UserIdParamsSchema,
    summary: 'Clears the unread mark of my conversation with that user (or that group; opening it does too).',
  }),
  muteConversation: route({
    method: 'POST',
    url: '/messages/mute/:id',
    params: UserIdParamsSchema,
    body: MuteBodySchema,
    response: { 200: MuteSchema },
    summary:
      'Mutes my conversation with that user (or a group I am in, by its id) for 8 hours, a week or always: no device of mine notifies of it until then (in a group, but of a mention).',
  }),
  unmuteConversation: route({
    method: 'POST',
    url: '/messages/unmute/:id',
    params: UserIdParamsSchema,
    summary: 'Unmutes my conversation with that user (or group).',
  }),
  listMutes: route({
    method: 'GET',
    url: '/messages/mutes',
    response: { 200: Type.Array(MuteSchema) },
    summary: 'The conversations I have muted now, each with until when (null: always).',
  }),
  starMessage: route({
    method: 'POST',
    url: '/messages/star/:messageId',
    params: MessageIdParamsSchema,
    summary: 'Stars a message I sent or received: a bookmark of mine on every device, which the other person never sees.',
  }),
  unstarMessage: route({
    method: 'POST',
    url: '/messages/unstar/:messageId',
    params: MessageIdParamsSchema,
    summary: 'Unstars a message.',
  }),
  listStarred: route({
    method: 'GET',
    url: '/messages/starred',
    querystring: StarredQuerySchema,
    response: { 200: Type.Array(MessageSearchResultSchema) },
    summary: 'The messages I starred (with one person, with `with`), newest first; the next page starts `before` the last one.',
  }),
  blockUser: route({
    method: 'POST',
    url: '/messages/block/:id',
    params: UserIdParamsSchema,
    summary:
      "Blocks that user: their messages, reactions and edits to me are refused, and neither sees the other's presence, typing or receipts.",
  }),
  unblockUser: route({
    method: 'POST',
    url: '/messages/unblock/:id',
    params: UserIdParamsSchema,
    summary: 'Lifts my block of that user.',
  }),
  listBlocked: route({
    method: 'GET',
    url: '/messages/blocked',
    response: { 200: Type.Array(ContactSchema) },
    summary: 'The contacts I blocked, by name.',
  }),
  inbox: route({
    method: 'GET',
    url: '/messages/users',
    querystring: ContactsQuerySchema,
    response: { 200: Type.Array(InboxEntrySchema) },
    summary:
      'The inbox: everyone but me, the conversations I pinned first, then the others by their latest message, then everyone else by name; `q` keeps names with words starting so, `online=true` those online, `archived=true` the archive. The next page: the `X-Next-Cursor` header as `cursor`; `X-Archived-Count` says how many I archived.',
  }),
  contactCard: route({
    method: 'GET',
    url: '/messages/contact/:id',
    params: UserIdParamsSchema,
    response: { 200: ContactCardSchema },
    summary: 'A contact\'s card for their contact info: name, picture and "About" (empty for someone who blocked me).',
  }),
  groupsInCommon: route({
    method: 'GET',
    url: '/messages/contact/:id/groups',
    params: UserIdParamsSchema,
    response: { 200: Type.Array(GroupCardSchema) },
    summary: `The groups that person and I are both in now, by name: "Groups in common" in their contact info (at most ${MAX_GROUPS_PER_USER}, as many as I may be in).`,
  }),
  markRead: route({
    method: 'POST',
    url: '/messages/read/:id',
    params: UserIdParamsSchema,
    body: ReadBodySchema,
    summary: 'The messages from that user up to `upTo` (one of that conversation) are read: stamped `readAt` and told to both sides.',
  }),
  history: route({
    method: 'GET',
    url: '/messages/:id',
    params: UserIdParamsSchema,
    querystring: HistoryQuerySchema,
    response: { 200: Type.Array(MessageSchema) },
    summary: 'My conversation with that user, oldest first: the latest 50 by default, `before` a message id and `limit` (1–100) page back.',
  }),
  sendMessage: route({
    method: 'POST',
    url: '/messages/send/:id',
    params: UserIdParamsSchema,
    body: SendBodySchema,
    response: { 201: MessageSchema, 200: MessageSchema },
    summary:
      'Sends text and/or a picture (a data URL, up to 5 MB: PNG, JPEG, GIF or WebP by its bytes, metadata stripped), a reply (`replyTo`) or a forward (`forwardOf`). 201 with the message; the same `clientMessageId` again answers the first one (200), never a copy. `X-Socket-Id` spares that socket its echo.',
  }),
  sendFile: route({
    method: 'POST',
    url: '/messages/send-file/:id',
    params: UserIdParamsSchema,
    response: { 201: MessageSchema, 200: MessageSchema },
    summary:
      'Sends a file (1 byte to 16 MB) as multipart/form-data: the fields `text` (a caption), `clientMessageId`, `replyTo` and `voiceSeconds` (a voice message), then the part `file`. Answered as a send.',
  }),
  editMessage: route({
    method: 'POST',
    url: '/messages/edit/:messageId',
    params: MessageIdParamsSchema,
    body: EditBodySchema,
    response: { 200: MessageSchema },
    summary: "New text for my own text message, within 15 minutes of sending (`editedAt`); both people's sockets get `messageUpdated`.",
  }),
  deleteMessage: route({
    method: 'POST',
    url: '/messages/delete/:messageId',
    params: MessageIdParamsSchema,
    response: { 200: MessageSchema },
    summary: 'Deletes my own message for everyone: a tombstone in its place, its picture or file gone when nothing else carries it.',
  }),
  reactToMessage: route({
    method: 'POST',
    url: '/messages/react/:messageId',
    params: MessageIdParamsSchema,
    body: ReactBodySchema,
    response: { 200: MessageSchema },
    summary: 'Toggles my reaction (any one emoji) to a message I sent or received: the same again takes it back, another replaces it.',
  }),
  shared: route({
    method: 'GET',
    url: '/messages/shared/:id',
    params: UserIdParamsSchema,
    querystring: SharedQuerySchema,
    response: { 200: Type.Array(MessageSchema) },
    summary:
      '"Media, links and docs" of my conversation with that user, or of a group I am or was in (what was shared while I was), by `kind` (media, docs or links), newest first, paged by `before`.',
  }),
  deleteForMe: route({
    method: 'POST',
    url: '/messages/delete-for-me/:id',
    params: UserIdParamsSchema,
    body: DeleteForMeBodySchema,
    response: { 200: ShownMessageSchema },
    summary:
      '"Delete for me": 1 to 100 messages of my conversation with that user (or of a group I am or was in, by its id) go from every device of mine; the others keep them.',
  }),
  clearChat: route({
    method: 'POST',
    url: '/messages/clear/:id',
    params: UserIdParamsSchema,
    response: { 200: ClearedSchema },
    summary:
      '"Clear chat": every message of my conversation with that user (or of a group I am or was in, by its id) so far goes for me alone; answers `{upTo}`.',
  }),
  searchMessages: route({
    method: 'GET',
    url: '/messages/search',
    querystring: MessageSearchQuerySchema,
    response: { 200: Type.Array(MessageSearchResultSchema) },
    summary: 'My messages (or those `with` one person) holding a word starting with each word of `q`, newest first, paged by `before`.',
  }),
  storage: route({
    method: 'GET',
    url: '/messages/storage',
    response: { 200: StorageUsageSchema },
    summary: 'What my photos and files keep in the store (`usedBytes`), and what they may (`allowedBytes`).',
  }),
  linkPreview: route({
    method: 'GET',
    url: '/messages/link-preview',
    querystring: LinkPreviewQuerySchema,
    response: { 200: LinkPreviewSchema },
    summary:
      "The card of a web page (`card`: title, description, site, picture), fetched and kept by the server, or null; the page's picture is served from /api/media.",
  }),
  listGroups: route({
    method: 'GET',
    url: '/messages/groups',
    querystring: GroupsQuerySchema,
    response: { 200: Type.Array(GroupEntrySchema) },
    summary:
      'My groups, and those I was removed from, a page at a time: the first page holds those I pinned, then the others by latest activity, `limit` of them (50 if not said); each with its latest message and my unread count. The next page: the `X-Next-Cursor` header as `cursor`.',
  }),
  createGroup: route({
    method: 'POST',
    url: '/messages/groups',
    body: CreateGroupBodySchema,
    response: { 201: GroupSchema },
    summary: `Creates a group (a name; a description) with the people named: its creator is its first admin. At most ${MAX_GROUP_MEMBERS} members.`,
  }),
  group: route({
    method: 'GET',
    url: '/messages/groups/:groupId',
    params: GroupIdParamsSchema,
    response: { 200: GroupSchema },
    summary: 'A group I am or was in: its card, rules and members (none for someone removed).',
  }),
  groupHistory: route({
    method: 'GET',
    url: '/messages/groups/:groupId/messages',
    params: GroupIdParamsSchema,
    querystring: HistoryQuerySchema,
    response: { 200: Type.Array(MessageSchema) },
    summary: 'The group’s messages I may see (from when I joined, up to when I left), oldest first, paged as a conversation’s history.',
  }),
  sendToGroup: route({
    method: 'POST',
    url: '/messages/groups/:groupId/send',
    params: GroupIdParamsSchema,
    body: SendBodySchema,
    response: { 201: MessageSchema, 200: MessageSchema },
    summary:
      'Sends to a group I am in what a conversation takes (text, a picture, a reply, a forward; `mentions` of its members): stored and published once, whatever its size. Answered as a send.',
  }),
  sendFileToGroup: route({
    method: 'POST',
    url: '/messages/groups/:groupId/send-file',
    params: GroupIdParamsSchema,
    response: { 201: MessageSchema, 200: MessageSchema },
    summary: 'Sends a file to a group I am in, as `send-file` sends one to a person (a document, a voice message, a video).',
  }),
  addGroupMembers: route({
    method: 'POST',
    url: '/messages/groups/:groupId/members',
    params: GroupIdParamsSchema,
    body: AddMembersBodySchema,
    response: { 200: GroupSchema },
    summary: 'An admin adds people (announced in the group); those already in stay as they are.',
  }),
  updateGroup: route({
    method: 'PUT',
    url: '/messages/groups/:groupId',
    params: GroupIdParamsSchema,
    body: UpdateGroupBodySchema,
    response: { 200: GroupSchema },
    summary:
      'Changes the name or description (any member, or admins only when `onlyAdminsEdit`) and the rules (admins): each change is a line of the group.',
  }),
  setGroupPicture: route({
    method: 'PUT',
    url: '/messages/groups/:groupId/picture',
    params: GroupIdParamsSchema,
    body: GroupPictureBodySchema,
    response: { 200: GroupSchema },
    summary:
      'The group’s picture, as a data URL (PNG, JPEG, GIF or WebP by its bytes, metadata stripped), by whoever may edit its info; a line of the group says so.',
  }),
  removeGroupPicture: route({
    method: 'DELETE',
    url: '/messages/groups/:groupId/picture',
    params: GroupIdParamsSchema,
    response: { 200: GroupSchema },
    summary: 'No picture for the group any more (a line of the group says so).',
  }),
  setGroupRole: route({
    method: 'PUT',
    url: '/messages/groups/:groupId/members/:userId',
    params: GroupMemberParamsSchema,
    body: SetRoleBodySchema,
    response: { 200: GroupSchema },
    summary: 'An admin makes a member an admin, or an admin a member again (a line of the group says so).',
  }),
  groupInvite: route({
    method: 'GET',
    url: '/messages/groups/:groupId/invite',
    params: GroupIdParamsSchema,
    response: { 200: GroupInviteSchema },
    summary: 'The code of the group’s invite link (admins).',
  }),
  resetGroupInvite: route({
    method: 'POST',
    url: '/messages/groups/:groupId/invite',
    params: GroupIdParamsSchema,
    response: { 200: GroupInviteSchema },
    summary: 'A new invite link for the group (admins): the old one stops working.',
  }),
  joinGroup: route({
    method: 'POST',
    url: '/messages/groups/join/:code',
    params: InviteCodeParamsSchema,
    response: { 200: GroupSchema },
    summary: 'Joins the group whose invite link this is (announced in the group); a member already in it just gets the group.',
  }),
  groupMessageInfo: route({
    method: 'GET',
    url: '/messages/groups/:groupId/messages/:messageId/info',
    params: GroupMessageParamsSchema,
    response: { 200: MessageInfoSchema },
    summary:
      '"Message info" of my own message in a group: each member who was in it then, with when it reached them and when they read it.',
  }),
  readGroupMessages: route({
    method: 'POST',
    url: '/messages/groups/:groupId/read',
    params: GroupIdParamsSchema,
    body: ReadBodySchema,
    summary: 'I read the group’s messages up to `upTo`: my unread count starts after it.',
  }),
  deleteGroupChat: route({
    method: 'DELETE',
    url: '/messages/groups/:groupId/chat',
    params: GroupIdParamsSchema,
    summary:
      '"Delete group", once I left it or was removed: it goes from my list and every device of mine, with my stars on its messages; its members keep everything. 409 while I am a member. Added again, I see it from then on.',
  }),
  removeGroupMember: route({
    method: 'DELETE',
    url: '/messages/groups/:groupId/members/:userId',
    params: GroupMemberParamsSchema,
    summary: 'An admin removes a member, or a member leaves (their own id): they keep what they had, and get nothing after.',
  }),
} as const;
