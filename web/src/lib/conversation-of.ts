import type { Message } from '@chat/contracts';

/** The open conversation's id: the person's, or the group's; undefined when none is open. A selector. */
export const openConversationId = (state: {
  selectedUser: { _id: string } | null;
  selectedGroup: { _id: string } | null;
}): string | undefined => state.selectedUser?._id ?? state.selectedGroup?._id;

/** Which conversation a message is of, as the inbox and the open conversation key them: its group's id, or the other person's. */
export const conversationOf = (message: Pick<Message, 'groupId' | 'senderId' | 'receiverId'>, myId: string | undefined): string =>
  message.groupId ?? (message.senderId === myId ? message.receiverId : message.senderId);
