import type { Contact } from '@chat/contracts';
import toast from 'react-hot-toast';
import { api } from '../../api/client';
import { errorMessage } from '../../store/use-auth-store';
import { succeeded, type ChatSlice } from '../../store/chat-slice';
import { t } from '../../i18n';

export interface BlocksSlice {
  /** The contacts I blocked: their conversation offers "Unblock" instead of the input. */
  blockedUsers: Contact[];
  loadBlockedUsers(): Promise<void>;
  blockUser(user: Contact): Promise<boolean>;
  unblockUser(userId: string): Promise<boolean>;
}

/** What it holds before anyone signs in, and again once they leave. */
export const BLOCKS_SIGNED_OUT = {
  blockedUsers: [],
} satisfies Partial<BlocksSlice>;

/** The people I blocked. */
export const createBlocksSlice: ChatSlice<BlocksSlice> = (set, get) => {
  return {
    ...BLOCKS_SIGNED_OUT,
    async loadBlockedUsers() {
      try {
        set({ blockedUsers: await api.getBlocked() });
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },

    blockUser(user) {
      return succeeded(async () => {
        await api.block(user._id);
        set((state) => ({ blockedUsers: [...state.blockedUsers.filter((blocked) => blocked._id !== user._id), user] }));
        get().notifyTyping(false);
        toast.success(t('{{name}} is blocked', { name: user.fullName }));
      });
    },

    unblockUser(userId) {
      return succeeded(async () => {
        await api.unblock(userId);
        set((state) => ({ blockedUsers: state.blockedUsers.filter((blocked) => blocked._id !== userId) }));
      });
    },
  };
};
