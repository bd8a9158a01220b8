import { DEFAULT_PAGE, type Message, type MessageSearchResult } from '@chat/contracts';
import toast from 'react-hot-toast';
import { create } from 'zustand';
import { api } from '../api/client';
import { isGoneForMe, type GoneForMe } from '../lib/gone-for-me';
import { errorMessage, useAuthStore } from './use-auth-store';

interface StarredState {
  /** The sidebar shows my starred messages instead of the contacts. */
  isOpen: boolean;
  /** My starred messages as loaded so far, newest first. */
  results: MessageSearchResult[];
  /** The last page was full: there may be older ones. */
  hasMore: boolean;
  isLoading: boolean;
  /** Shows the list (loading its first page), or goes back to the contacts. */
  setOpen(open: boolean): Promise<void>;
  loadMore(): Promise<void>;
  /** A message was starred or unstarred, here or on another device: the list follows. */
  applyStarred(messageId: string, starred: boolean): void;
  /** A message changed (edited, deleted, reacted to): shown as it is now, and gone once deleted, as its stars are. */
  receiveUpdate(message: Message): void;
  /** Messages of my conversation with `peerId` are gone for me (deleted for me: `messageIds`; cleared: up to `upTo`), with my stars on them. */
  removeGoneForMe(peerId: string, gone: GoneForMe): void;
}

const CLOSED = { isOpen: false, results: [], hasMore: false, isLoading: false } satisfies Partial<StarredState>;

export const useStarredStore = create<StarredState>((set, get) => {
  /** Counts the first-page requests: only the latest one's answer is shown. */
  let firstPageRequests = 0;
  const loadFirstPage = async () => {
    const request = ++firstPageRequests;
    set({ isLoading: get().results.length === 0 });
    try {
      const results = await api.getStarred();
      if (request === firstPageRequests && get().isOpen) set({ results, hasMore: results.length === DEFAULT_PAGE });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      if (request === firstPageRequests) set({ isLoading: false });
    }
  };

  return {
    ...CLOSED,

    async setOpen(open) {
      if (!open) {
        set(CLOSED);
        return;
      }
      set({ isOpen: true, results: [], hasMore: false });
      await loadFirstPage();
    },

    async loadMore() {
      const last = get().results.at(-1);
      if (!last || !get().hasMore) return;
      try {
        const older = await api.getStarred({ before: last.message._id });
        set((state) => ({
          // A page asked for twice (two clicks) adds its messages once.
          results: [...state.results, ...older.filter(({ message }) => !state.results.some((shown) => shown.message._id === message._id))],
          hasMore: older.length === DEFAULT_PAGE,
        }));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },

    applyStarred(messageId, starred) {
      if (!get().isOpen) return;
      if (starred) void loadFirstPage();
      else set((state) => ({ results: state.results.filter(({ message }) => message._id !== messageId) }));
    },

    removeGoneForMe(peerId, gone) {
      set((state) => ({ results: state.results.filter((result) => !isGoneForMe(result, peerId, gone)) }));
    },

    receiveUpdate(message) {
      if (!get().results.some((result) => result.message._id === message._id)) return;
      if (message.deletedAt) {
        get().applyStarred(message._id, false);
        return;
      }
      set((state) => ({
        results: state.results.map((result) =>
          result.message._id === message._id ? { ...result, message: { ...message, starred: true } } : result,
        ),
      }));
    },
  };
});

// Whoever signs in next on this tab sees the contacts, not the last user's starred messages.
useAuthStore.subscribe((state, previous) => {
  if (previous.authUser && state.authUser?._id !== previous.authUser._id) useStarredStore.setState(CLOSED);
});
