import { create } from 'zustand';
import { BLOCKS_SIGNED_OUT, createBlocksSlice, type BlocksSlice } from '../features/blocks/blocks-slice';
import { createDraftsSlice, DRAFTS_SIGNED_OUT, type DraftsSlice } from '../features/composer/drafts-slice';
import { CONVERSATION_SIGNED_OUT, createConversationSlice, type ConversationSlice } from '../features/conversation/conversation-slice';
import { createGroupsSlice, GROUPS_SIGNED_OUT, type GroupsSlice } from '../features/groups/groups-slice';
import { createInboxSlice, INBOX_SIGNED_OUT, type InboxSlice } from '../features/inbox/inbox-slice';
import { createOutboxSlice, OUTBOX_SIGNED_OUT, type OutboxSlice } from '../features/outbox/outbox-slice';
import {
  createPinnedMessagesSlice,
  PINNED_MESSAGES_SIGNED_OUT,
  type PinnedMessagesSlice,
} from '../features/pinned-messages/pinned-messages-slice';
import { createTypingSlice, TYPING_SIGNED_OUT, type TypingSlice } from '../features/typing/typing-slice';
import { chatMemory, forget } from './chat-slice';
import { useAuthStore } from './use-auth-store';

export type { PendingMessage } from '../lib/outbox';
export { MAX_SEND_ATTEMPTS, pendingAsMessage } from '../features/outbox/outbox-slice';
export { whyConversationClosed } from '../features/conversation/conversation-slice';
export { openConversationId } from '../lib/conversation-of';

/** The chat: each feature's slice of it (its state and actions), in one store so an action may change several at once. */
export type ChatState = InboxSlice &
  GroupsSlice &
  ConversationSlice &
  TypingSlice &
  DraftsSlice &
  OutboxSlice &
  BlocksSlice &
  PinnedMessagesSlice;

/** What the store holds before anyone signs in, and again once they leave: nothing of theirs. */
const SIGNED_OUT = {
  ...INBOX_SIGNED_OUT,
  ...GROUPS_SIGNED_OUT,
  ...CONVERSATION_SIGNED_OUT,
  ...TYPING_SIGNED_OUT,
  ...DRAFTS_SIGNED_OUT,
  ...OUTBOX_SIGNED_OUT,
  ...BLOCKS_SIGNED_OUT,
  ...PINNED_MESSAGES_SIGNED_OUT,
} satisfies Partial<ChatState>;

export const useChatStore = create<ChatState>()((...store) => {
  const memory = chatMemory();
  // Whoever signs in next on this tab (after a logout, or a session that ended) sees none of the last
  // user's conversations, search, typing or unsent messages; a profile change is the same user.
  useAuthStore.subscribe((state, previous) => {
    if (previous.authUser && state.authUser?._id !== previous.authUser._id) {
      forget(memory);
      store[0](SIGNED_OUT);
    }
  });
  return {
    ...createInboxSlice(memory)(...store),
    ...createGroupsSlice(...store),
    ...createConversationSlice(memory)(...store),
    ...createTypingSlice(memory)(...store),
    ...createDraftsSlice(...store),
    ...createOutboxSlice(...store),
    ...createBlocksSlice(...store),
    ...createPinnedMessagesSlice(...store),
  };
});
