import type { Message } from '@chat/contracts';

/** A message in one line, as the inbox and notifications show it: its text, or "📷 Photo". */
export const messagePreview = (message: Message): string => message.text?.trim() || (message.image ? '📷 Photo' : '');
