import { TYPING_EXPIRES_MS, TYPING_REPEAT_MS } from '@chat/contracts';
import { useAuthStore } from '../../store/use-auth-store';
import type { ChatMemory, ChatSlice } from '../../store/chat-slice';

export interface TypingSlice {
  /** Who is typing to me now, by user id. */
  typingUsers: Record<string, true>;
  /** Someone's typing notice: shown until they stop, send, or go quiet for TYPING_EXPIRES_MS. */
  setTyping(userId: string, isTyping: boolean): void;
  /** Tells the open conversation's person I am typing (at most every TYPING_REPEAT_MS), or that I stopped. */
  notifyTyping(isTyping: boolean): void;
}

/** What it holds before anyone signs in, and again once they leave. */
export const TYPING_SIGNED_OUT = {
  typingUsers: {},
} satisfies Partial<TypingSlice>;

/** Who is typing to me, and telling the open conversation's person that I am. */
export const createTypingSlice =
  (memory: ChatMemory): ChatSlice<TypingSlice> =>
  (set, get) => {
    const { typingTimers } = memory;
    /** Whom this tab last told it is typing to, over which socket (a new sign-in starts afresh), and when. */
    let typingSent: { socket: unknown; to: string; at: number } | null = null;

    return {
      ...TYPING_SIGNED_OUT,
      setTyping(userId, isTyping) {
        clearTimeout(typingTimers.get(userId));
        typingTimers.delete(userId);
        if (isTyping)
          typingTimers.set(
            userId,
            setTimeout(() => get().setTyping(userId, false), TYPING_EXPIRES_MS),
          );
        set((state) => {
          if (Boolean(state.typingUsers[userId]) === isTyping) return state;
          const { [userId]: _stopped, ...others } = state.typingUsers;
          return { typingUsers: isTyping ? { ...state.typingUsers, [userId]: true } : others };
        });
      },

      notifyTyping(isTyping) {
        const socket = useAuthStore.getState().socket;
        const to = isTyping ? get().selectedUser?._id : undefined;
        if (!socket) return;
        if (typingSent?.socket !== socket) typingSent = null;
        // Whoever was told I am typing, if it is not whom I type to now, is told I stopped.
        if (typingSent && typingSent.to !== to) {
          socket.emit('typing', { to: typingSent.to, isTyping: false });
          typingSent = null;
        }
        if (!to || (typingSent && Date.now() - typingSent.at < TYPING_REPEAT_MS)) return;
        socket.emit('typing', { to, isTyping: true });
        typingSent = { socket, to, at: Date.now() };
      },
    };
  };
