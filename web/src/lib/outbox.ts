import type { QuotedMessage } from '@chat/contracts';
import { createStore, del, get, set } from 'idb-keyval';

/** The file a pending message carries: the file itself while it waits to be uploaded, or (a forward) the one it copies. */
export interface PendingFile {
  name: string;
  size: number;
  /** Kept in IndexedDB with the rest of the outbox, so a reload loses no file either. */
  blob?: Blob;
  /** The stored file a forward copies, shown meanwhile. */
  url?: string;
  /** A voice message: how long it lasts, as a message's file says it. */
  voice?: { seconds: number };
}

/** A message of mine not stored by the server yet: shown with a clock, or as not sent. */
export interface PendingMessage {
  /** Sent with every attempt: the server stores the message once, whatever the number of attempts. */
  clientMessageId: string;
  /** Whose it is: a tab signed in as someone else leaves it alone. */
  senderId: string;
  /** The person it goes to, or its group. */
  receiverId: string;
  /** It goes to this group (receiverId is the group's too); absent for a person. */
  groupId?: string;
  text: string | null;
  image: string | null;
  createdAt: string;
  replyTo: QuotedMessage | null;
  /**
   * The message it forwards: the server copies that one's text and image (shown here meanwhile);
   * absent in outboxes kept from before forwarding.
   */
  forwardOf?: string | null;
  /** A file (a document) it carries, with `text` as its caption; absent in outboxes kept from before files. */
  file?: PendingFile | null;
  /** Its sender removed its first web link's card; absent otherwise. */
  noLinkPreview?: true;
  /** In a group: the members it mentions; absent when none. */
  mentions?: string[];
  /** On its way (now or at the next chance), or given up on until I retry. */
  status: 'sending' | 'failed';
  /** Failed attempts so far, counted while the browser is online. */
  attempts: number;
  /** Why it was given up on: the server refused it (it would again), or it could not be reached. */
  failure: 'refused' | 'unreachable' | null;
}

const database = () => createStore('chat-io', 'outbox');
let store: ReturnType<typeof createStore> | undefined;
const keyOf = (userId: string) => `outbox:${userId}`;

/**
 * Each user's unsent messages in IndexedDB, so a reload or a closed tab loses none. Without
 * IndexedDB (a private window of some browsers) the outbox lives as long as the page.
 */
export const outbox = {
  async load(userId: string): Promise<PendingMessage[]> {
    try {
      return (await get<PendingMessage[]>(keyOf(userId), (store ??= database()))) ?? [];
    } catch (error) {
      console.error('Could not read the outbox', error);
      return [];
    }
  },
  async save(userId: string, messages: PendingMessage[]): Promise<void> {
    try {
      if (messages.length > 0) await set(keyOf(userId), messages, (store ??= database()));
      else await del(keyOf(userId), (store ??= database()));
    } catch (error) {
      console.error('Could not keep the outbox', error);
    }
  },
};
