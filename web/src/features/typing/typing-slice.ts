import { TYPING_EXPIRES_MS, TYPING_REPEAT_MS } from '@chat/contracts';
import { useAuthStore } from '../../store/use-auth-store';
import type { ChatMemory, ChatSlice } from '../../store/chat-slice';
import { openConversationId } from '../../lib/conversation-of';

export interface TypingSlice {
  /** Who is typing to me now, by user id; in a group, by `typingKey(groupId, userId)`. */
  typingUsers: Record<string, true>;
  /** Someone's typing notice (in a group, when `groupId`): shown until they stop, send, or go quiet for TYPING_EXPIRES_MS. */
  setTyping(userId: string, isTyping: boolean, groupId?: string): void;
  /** Tells the open conversation's person (or group) I am typing (at most every TYPING_REPEAT_MS), or that I stopped. */
  notifyTyping(isTyping: boolean): void;
}

/** What it holds before anyone signs in, and again once they leave. */
export const TYPING_SIGNED_OUT = {
  typingUsers: {},
} satisfies Partial<TypingSlice>;

/** Where someone typing in a group is kept among `typingUsers`. */
export const typingKey = (groupId: string, userId: string) => `${groupId}/${userId}`;

/** Who is typing in that group now, a selector's part: their user ids. */
export const typistsIn = (typingUsers: Record<string, true>, groupId: string): string[] =>
  Object.keys(typingUsers)
    .filter((key) => key.startsWith(`${groupId}/`))
    .map((key) => key.slice(groupId.length + 1));

/** Who is typing to me, and telling the open conversation's person that I am. */
export const createTypingSlice =
  (memory: ChatMemory): ChatSlice<TypingSlice> =>
  (set, get) => {
    const { typingTimers } = memory;
    /** Whom (a person, or a group) this tab last told it is typing to, over which socket (a new sign-in starts afresh), and when. */
    let typingSent: { socket: unknown; to: string; group: boolean; at: number } | null = null;

    return {
      ...TYPING_SIGNED_OUT,
      setTyping(userId, isTyping, groupId) {
        const key = groupId ? typingKey(groupId, userId) : userId;
        // The group's row names who is typing, even in a group never opened here.
        if (groupId && isTyping) get().notePersonOfGroup(groupId, userId);
        clearTimeout(typingTimers.get(key));
        typingTimers.delete(key);
        if (isTyping)
          typingTimers.set(
            key,
            setTimeout(() => get().setTyping(userId, false, groupId), TYPING_EXPIRES_MS),
          );
        set((state) => {
          if (Boolean(state.typingUsers[key]) === isTyping) return state;
          const { [key]: _stopped, ...others } = state.typingUsers;
          return { typingUsers: isTyping ? { ...state.typingUsers, [key]: true } : others };
        });
      },

      notifyTyping(isTyping) {
        const socket = useAuthStore.getState().socket;
        const to = isTyping ? openConversationId(get()) : undefined;
        if (!socket) return;
        if (typingSent?.socket !== socket) typingSent = null;
        // Whoever was told I am typing, if it is not whom I type to now, is told I stopped.
        if (typingSent && typingSent.to !== to) {
          socket.emit('typing', { to: typingSent.to, isTyping: false, ...(typingSent.group ? { group: true } : {}) });
          typingSent = null;
        }
        if (!to || (typingSent && Date.now() - typingSent.at < TYPING_REPEAT_MS)) return;
        const group = get().selectedGroup?._id === to;
        socket.emit('typing', { to, isTyping: true, ...(group ? { group: true } : {}) });
        typingSent = { socket, to, group, at: Date.now() };
      },
    };
  };
