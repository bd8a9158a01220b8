import { DEFAULT_PAGE, type Contact, type Message } from '@chat/contracts';
import toast from 'react-hot-toast';
import { create } from 'zustand';
import { api, type OutgoingMessage } from '../lib/api';
import { errorMessage, useAuthStore } from './use-auth-store';

interface ChatState {
  users: Contact[];
  selectedUser: Contact | null;
  messages: Message[];
  hasOlderMessages: boolean;
  isUsersLoading: boolean;
  isMessagesLoading: boolean;
  isOlderLoading: boolean;
  /** Messages received from each contact whose conversation is not open, by contact id. */
  unreadCounts: Record<string, number>;
  /** Kept from the product's state model; no chatbot is offered. */
  isChatbotSelected: boolean;
  getUsers(): Promise<void>;
  getMessages(userId: string): Promise<void>;
  loadOlderMessages(): Promise<void>;
  /** Resolves true once the server stored the message; on failure the caller keeps the input. */
  sendMessage(message: OutgoingMessage): Promise<boolean>;
  setSelectedUser(user: Contact | null): void;
  receiveMessage(message: Message): void;
}

/** The messages merged by id and kept in server order, so an echo or a re-fetch never duplicates. */
function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => Number(a._id) - Number(b._id));
}

function withoutKey(counts: Record<string, number>, key: string): Record<string, number> {
  const { [key]: _removed, ...rest } = counts;
  return rest;
}

export const useChatStore = create<ChatState>((set, get) => ({
  users: [],
  selectedUser: null,
  messages: [],
  hasOlderMessages: false,
  isUsersLoading: false,
  isMessagesLoading: false,
  isOlderLoading: false,
  unreadCounts: {},
  isChatbotSelected: false,

  async getUsers() {
    set({ isUsersLoading: get().users.length === 0 });
    try {
      set({ users: await api.getUsers() });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      set({ isUsersLoading: false });
    }
  },

  async getMessages(userId) {
    const firstLoad = get().selectedUser?._id !== userId || get().messages.length === 0;
    if (firstLoad) set({ isMessagesLoading: true });
    try {
      const page = await api.getMessages(userId);
      if (get().selectedUser?._id !== userId) return;
      set((state) => {
        // A full page that starts after everything shown means more was missed than one page
        // holds: the latest page replaces the list and the rest loads on scroll, leaving no gap.
        const newestShown = state.messages.at(-1)?._id;
        const leavesGap =
          page.length === DEFAULT_PAGE && newestShown !== undefined && Number(page[0]!._id) > Number(newestShown);
        if (firstLoad || leavesGap) return { messages: page, hasOlderMessages: page.length === DEFAULT_PAGE };
        return { messages: merge(state.messages, page) };
      });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      set({ isMessagesLoading: false });
    }
  },

  async loadOlderMessages() {
    const { selectedUser, messages, hasOlderMessages, isOlderLoading } = get();
    if (!selectedUser || !hasOlderMessages || isOlderLoading || messages.length === 0) return;
    set({ isOlderLoading: true });
    try {
      const page = await api.getMessages(selectedUser._id, messages[0]!._id);
      if (get().selectedUser?._id !== selectedUser._id) return;
      set((state) => ({ messages: merge(state.messages, page), hasOlderMessages: page.length === DEFAULT_PAGE }));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      set({ isOlderLoading: false });
    }
  },

  async sendMessage(message) {
    const { selectedUser } = get();
    if (!selectedUser) return false;
    try {
      const socketId = useAuthStore.getState().socket?.id;
      const sent = await api.sendMessage(selectedUser._id, { ...message, clientMessageId: crypto.randomUUID() }, socketId);
      if (get().selectedUser?._id === selectedUser._id) set((state) => ({ messages: merge(state.messages, [sent]) }));
      return true;
    } catch (error) {
      console.error('Failed to send message', error);
      toast.error(errorMessage(error));
      return false;
    }
  },

  setSelectedUser(user) {
    if (user?._id === get().selectedUser?._id) return;
    set((state) => ({
      selectedUser: user,
      messages: [],
      hasOlderMessages: false,
      unreadCounts: user ? withoutKey(state.unreadCounts, user._id) : state.unreadCounts,
    }));
  },

  receiveMessage(message) {
    const me = useAuthStore.getState().authUser?._id;
    const other = get().selectedUser?._id;
    if (!me) return;
    const inOpenChat =
      (message.senderId === other && message.receiverId === me) || (message.senderId === me && message.receiverId === other);
    if (inOpenChat) set((state) => ({ messages: merge(state.messages, [message]) }));
    else if (message.receiverId === me) {
      set((state) => ({
        unreadCounts: { ...state.unreadCounts, [message.senderId]: (state.unreadCounts[message.senderId] ?? 0) + 1 },
      }));
    }
  },
}));
