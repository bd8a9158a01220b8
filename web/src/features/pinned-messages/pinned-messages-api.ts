import { routes } from '@chat/contracts';
import { call } from '../../api/client';

/** What the pins of a chat ask the server. */
export const pinnedMessagesApi = {
  /** A chat's pinned messages (a person's id, or a group's), the latest pinned first. */
  list: (chatId: string) => call(routes.pinnedMessages, { params: { id: chatId } }),
  /** Pins a message for everyone in its chat, or unpins it; answers it as it is now. */
  set: (messageId: string, pinned: boolean) => call(pinned ? routes.pinMessage : routes.unpinMessage, { params: { messageId } }),
};
