import type { Message } from '@chat/contracts';

/** Which conversation a message is of, as the inbox and the open conversation key them: its group's id, or the other person's. */
export const conversationOf = (message: Pick<Message, 'groupId' | 'senderId' | 'receiverId'>, myId: string | undefined): string =>
  message.groupId ?? (message.senderId === myId ? message.receiverId : message.senderId);
