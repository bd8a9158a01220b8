import type { Group } from '@chat/contracts';

/**
 * What I may do in a group: whether I am in it, an admin, and may edit its info and pin its
 * messages (an admin, or any member unless only admins edit its info).
 */
export function myPlaceIn(group: Group, myId: string | undefined) {
  const me = group.members.find((member) => member.userId === myId);
  const isAdmin = me?.role === 'admin';
  return { isMember: me !== undefined, isAdmin, canEdit: me !== undefined && (isAdmin || !group.onlyAdminsEdit) };
}
