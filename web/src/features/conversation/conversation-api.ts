import type { SharedKind } from '@chat/contracts';
import { api } from '../../api/client';

/** What the conversation's own panels ask the server, apart from the chat store's state. */
export const conversationApi = {
  /** Their card for the contact info ("About"). */
  contactCard: (userId: string) => api.getContactCard(userId),
  /** A page of what the conversation shared (photos and videos, documents, links), newest first. */
  shared: (peerId: string, kind: SharedKind, before?: string) => api.getShared(peerId, kind, { before }),
  /** A page of the conversation's messages holding every word, newest first. */
  search: (peerId: string, words: string, before?: string) => api.searchMessages(words, { with: peerId, before }),
};
