import { DEFAULT_PAGE, routes, type CreateGroupBody, type GroupRole, type UpdateGroupBody } from '@chat/contracts';
import { call, callPage } from '../../api/client';

/** What the groups' screens ask the server. */
export const groupsApi = {
  /** A page of my groups (and those I was removed from): the pinned ones on the first, then by latest activity; `next` for the next page. */
  list: (cursor?: string) => callPage(routes.listGroups, { query: { cursor } }),
  create: (body: CreateGroupBody) => call(routes.createGroup, { body }),
  /** The groups a person and I are both in now, by name. */
  inCommon: (userId: string) => call(routes.groupsInCommon, { params: { id: userId } }),
  /** Its card, members and the people its messages name. */
  get: (groupId: string) => call(routes.group, { params: { groupId } }),
  history: (groupId: string, before?: string) =>
    call(routes.groupHistory, { params: { groupId }, query: { limit: String(DEFAULT_PAGE), before } }),
  /** Who of the group has my message, and who read it, with when. */
  messageInfo: (groupId: string, messageId: string) => call(routes.groupMessageInfo, { params: { groupId, messageId } }),
  /** I read the group up to `upTo`. */
  read: (groupId: string, upTo: string) => call(routes.readGroupMessages, { params: { groupId }, body: { upTo } }),
  /** An admin adds people; answers the group as it is now. */
  addMembers: (groupId: string, memberIds: string[]) => call(routes.addGroupMembers, { params: { groupId }, body: { memberIds } }),
  /** Its name, description or rules; answers the group as it is now. */
  update: (groupId: string, body: UpdateGroupBody) => call(routes.updateGroup, { params: { groupId }, body }),
  setPicture: (groupId: string, picture: string) => call(routes.setGroupPicture, { params: { groupId }, body: { picture } }),
  removePicture: (groupId: string) => call(routes.removeGroupPicture, { params: { groupId } }),
  setRole: (groupId: string, userId: string, role: GroupRole) => call(routes.setGroupRole, { params: { groupId, userId }, body: { role } }),
  /** An admin removes someone; my own id leaves the group. */
  remove: (groupId: string, userId: string) => call(routes.removeGroupMember, { params: { groupId, userId } }),
  /** "Delete group", once I am out of it: gone from my list and devices. */
  deleteChat: (groupId: string) => call(routes.deleteGroupChat, { params: { groupId } }),
  /** The code of its invite link (admins), or a new one that replaces it. */
  invite: (groupId: string) => call(routes.groupInvite, { params: { groupId } }),
  resetInvite: (groupId: string) => call(routes.resetGroupInvite, { params: { groupId } }),
  /** Joins the group of an invite link; answers it. */
  join: (code: string) => call(routes.joinGroup, { params: { code } }),
};
