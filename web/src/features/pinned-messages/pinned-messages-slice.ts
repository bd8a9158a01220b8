import { MAX_PINNED_MESSAGES, type Message } from '@chat/contracts';
import toast from 'react-hot-toast';
import { conversationOf, openConversationId } from '../../lib/conversation-of';
import type { ChatSlice } from '../../store/chat-slice';
import { errorMessage, useAuthStore } from '../../store/use-auth-store';
import { pinnedMessagesApi } from './pinned-messages-api';

export interface PinnedMessagesSlice {
  /** The pinned messages of the chat they were asked for (`pinnedIn`), the latest pinned first. */
  pinnedMessages: Message[];
  pinnedIn: string | null;
  /** Asks for a chat's pins as it opens; kept only while it is the one open. */
  loadPinned(chatId: string): Promise<void>;
  /** Pins a message for everyone in its chat, or unpins it; a refusal is said in a toast. */
  setMessagePinned(message: Message, pinned: boolean): Promise<void>;
  /** A message changed (the server told every device): its chat's pins follow, if that chat is open. */
  applyPinOf(message: Message): void;
}

/** What it holds before anyone signs in, and again once they leave. */
export const PINNED_MESSAGES_SIGNED_OUT = {
  pinnedMessages: [],
  pinnedIn: null,
} satisfies Partial<PinnedMessagesSlice>;

/** The latest pinned first; a message pinned at the same moment by its id, as the server orders them. */
const byPinning = (a: Message, b: Message) => (b.pinnedAt ?? '').localeCompare(a.pinnedAt ?? '') || Number(b._id) - Number(a._id);

/** The open chat's pinned messages, as WhatsApp shows them over the conversation. */
export const createPinnedMessagesSlice: ChatSlice<PinnedMessagesSlice> = (set, get) => ({
  ...PINNED_MESSAGES_SIGNED_OUT,

  async loadPinned(chatId) {
    set({ pinnedIn: chatId, pinnedMessages: [] });
    try {
      const pinned = await pinnedMessagesApi.list(chatId);
      if (get().pinnedIn === chatId) set({ pinnedMessages: pinned });
    } catch {
      // The conversation stands without its pins: they come again as it next opens.
    }
  },

  async setMessagePinned(message, pinned) {
    try {
      const changed = await pinnedMessagesApi.set(message._id, pinned);
      // Shown at once here; the server tells every device, this one too.
      get().receiveUpdate(changed);
      get().applyPinOf(changed);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  },

  applyPinOf(message) {
    const chatId = conversationOf(message, useAuthStore.getState().authUser?._id);
    if (chatId !== get().pinnedIn || chatId !== openConversationId(get())) return;
    set((state) => {
      const others = state.pinnedMessages.filter((pinned) => pinned._id !== message._id);
      const pinnedMessages = message.pinnedAt ? [...others, message].sort(byPinning).slice(0, MAX_PINNED_MESSAGES) : others;
      return { pinnedMessages };
    });
  },
});
