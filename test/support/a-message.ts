import type { Message } from '@chat/contracts';

/** A stored message as the server shows it, nothing having happened to it yet, with the fields a test names. */
export const aMessage = (fields: Pick<Message, '_id' | 'senderId' | 'receiverId'> & Partial<Message>): Message => ({
  text: null,
  image: null,
  createdAt: new Date().toISOString(),
  deliveredAt: null,
  readAt: null,
  editedAt: null,
  deletedAt: null,
  replyTo: null,
  reactions: [],
  ...fields,
});
