import type { Message } from '@chat/contracts';

/** What a message deleted for everyone shows in its place. */
export const DELETED_MESSAGE = 'This message was deleted';

/** A message in one line, as the inbox and notifications show it: its text, or "📷 Photo". */
export const messagePreview = (message: Message): string =>
  message.deletedAt ? `🚫 ${DELETED_MESSAGE}` : message.text?.trim() || (message.image ? '📷 Photo' : '');
