import type { NewMessage } from '../src/conversations/messages.js';

/** A plain text message, as a send stores it: no picture, file, reply or forward. */
export const textMessage = (senderId: string, receiverId: string, text: string, clientMessageId: string | null = null): NewMessage => ({
  senderId,
  receiverId,
  text,
  image: null,
  clientMessageId,
  replyToId: null,
  forwarded: false,
  file: null,
  mediaBytes: 0,
  noLinkPreview: false,
});
