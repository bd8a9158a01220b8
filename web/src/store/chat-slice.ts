import type { MessageReceipt } from '@chat/contracts';
import toast from 'react-hot-toast';
import type { StateCreator } from 'zustand';
import type { MyReads } from '../lib/inbox-entries';
import type { ChatState } from './use-chat-store';
import { errorMessage } from './use-auth-store';

/** A feature's part of the chat store: its state and actions, with the whole store's `set` and `get`. */
export type ChatSlice<Slice> = StateCreator<ChatState, [], [], Slice>;

/** What the slices keep between actions, outside the state on screen; forgotten when the user changes. */
export interface ChatMemory {
  /** When each shown "typing…" lapses. */
  typingTimers: Map<string, ReturnType<typeof setTimeout>>;
  /** How far I read each conversation, as this tab learned it live. */
  myReadsUpTo: MyReads;
  /** The newest receipts for my messages to each person: a message of mine whose answer comes after its receipt gets it then. */
  receiptsTo: Map<string, Partial<Record<'delivered' | 'read', MessageReceipt>>>;
}

export const chatMemory = (): ChatMemory => ({ typingTimers: new Map(), myReadsUpTo: new Map(), receiptsTo: new Map() });

/** Forgets what the last user's slices kept. */
export function forget(memory: ChatMemory): void {
  for (const timer of memory.typingTimers.values()) clearTimeout(timer);
  memory.typingTimers.clear();
  memory.myReadsUpTo.clear();
  memory.receiptsTo.clear();
}

/** Runs a change of mine: whether the server took it, saying why in a toast if it did not. */
export async function succeeded(change: () => Promise<unknown>): Promise<boolean> {
  try {
    await change();
    return true;
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  }
}

/** Shows a change of mine at once, then asks the server for it: taken back, saying why, if the server refuses. */
export async function optimistically(show: (on: boolean) => void, on: boolean, ask: () => Promise<void>): Promise<void> {
  show(on);
  try {
    await ask();
  } catch (error) {
    show(!on);
    toast.error(errorMessage(error));
  }
}
