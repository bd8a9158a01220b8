import type { Message } from '@chat/contracts';
import toast from 'react-hot-toast';
import { api, ApiError, type OutgoingMessage, type SendTo } from '../../api/client';
import { outbox, type PendingMessage } from '../../lib/outbox';
import { errorMessage, useAuthStore } from '../../store/use-auth-store';
import type { ChatSlice } from '../../store/chat-slice';
import { openConversationId } from '../../lib/conversation-of';

export interface OutboxSlice {
  /** My messages not stored yet (on their way, or not sent), oldest first: kept in the outbox. */
  pendingMessages: PendingMessage[];
  /** How much of each pending image is uploaded, 0 to 1, while it is (by clientMessageId). */
  uploadProgress: Record<string, number>;
  /**
   * Puts a message to the open conversation in the outbox and sends it: it shows at once, survives
   * a reload, and goes out when the connection allows, in order, stored once.
   */
  sendMessage(message: OutgoingMessage): void;
  /** Forwards messages I sent or received (in the order given) to each of these people and groups, through the outbox like any message. */
  forwardMessages(messages: Message[], to: SendTo[]): void;
  /** Sends what waits in the outbox, oldest first, until it is empty or the server cannot be reached. */
  flushOutbox(): Promise<void>;
  /** Takes up the signed-in user's outbox kept from before (a reload, a closed tab) and sends it. */
  restoreOutbox(): Promise<void>;
  /** The connection is back: what could not reach the server goes again, with what waited. */
  resumeOutbox(): Promise<void>;
  /** Sends again a message that was not sent. */
  retryMessage(clientMessageId: string): void;
  /** Gives up on a message that was not sent. */
  discardMessage(clientMessageId: string): void;
}

/** What it holds before anyone signs in, and again once they leave. */
export const OUTBOX_SIGNED_OUT = {
  pendingMessages: [],
  uploadProgress: {},
} satisfies Partial<OutboxSlice>;

/** Attempts at sending a message while online before it shows as not sent. */
export const MAX_SEND_ATTEMPTS = 4;

/** The wait before the next attempt after `attempts` failed ones: 2 s, 4 s, 8 s… up to 30 s. */
const retryDelayMs = (attempts: number) => Math.min(1_000 * 2 ** attempts, 30_000);

/** A pending message of mine shown as a message: with its clientMessageId for an id, and nothing happened to it yet. */
export const pendingAsMessage = ({
  clientMessageId,
  senderId,
  receiverId,
  text,
  image,
  createdAt,
  replyTo,
  forwardOf,
  file,
  noLinkPreview,
  groupId,
  mentions,
}: PendingMessage): Message => ({
  _id: clientMessageId,
  senderId,
  receiverId,
  ...(groupId ? { groupId } : {}),
  ...(mentions ? { mentions } : {}),
  text,
  image,
  createdAt,
  replyTo,
  deliveredAt: null,
  readAt: null,
  editedAt: null,
  deletedAt: null,
  reactions: [],
  ...(forwardOf ? { forwarded: true as const } : {}),
  ...(noLinkPreview ? { noLinkPreview } : {}),
  ...(file ? { file: { url: file.url ?? '', name: file.name, size: file.size, ...(file.voice ? { voice: file.voice } : {}) } } : {}),
});

/** A failure the same request could get past later: no answer, or the server busy or down. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

/** My messages not stored yet: shown at once, kept in IndexedDB, sent in order when the connection allows. */
export const createOutboxSlice: ChatSlice<OutboxSlice> = (set, get) => {
  /** The outbox's one flush at a time, whether another was asked for meanwhile, and the next retry. */
  let flushing: Promise<void> | null = null;
  let flushAgain = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  /** Changes the outbox on screen and in IndexedDB, in the order of the changes. */
  const changeOutbox = (change: (queue: PendingMessage[]) => PendingMessage[]) => {
    set((state) => ({ pendingMessages: change(state.pendingMessages) }));
    const me = useAuthStore.getState().authUser?._id;
    if (me)
      void outbox.save(
        me,
        get().pendingMessages.filter((message) => message.senderId === me),
      );
  };

  const updatePending = (clientMessageId: string, change: Partial<PendingMessage>) =>
    changeOutbox((queue) => queue.map((message) => (message.clientMessageId === clientMessageId ? { ...message, ...change } : message)));

  /**
   * Sends the queued messages one by one, oldest first; stops at the first the server cannot take
   * now, to wait for a retry, the connection, or me.
   */
  const sendQueued = async (): Promise<'sent all' | 'waiting'> => {
    for (;;) {
      const me = useAuthStore.getState().authUser?._id;
      const next = get().pendingMessages.find((message) => message.status === 'sending' && message.senderId === me);
      if (!next) return 'sent all';
      // Offline, nothing is tried: going online flushes again.
      if (!navigator.onLine) return 'waiting';
      try {
        const socket = useAuthStore.getState().socket;
        // A forward names what it copies, and the server copies it: the text and image shown meanwhile stay here.
        const body = next.forwardOf
          ? { clientMessageId: next.clientMessageId, forwardOf: next.forwardOf }
          : {
              text: next.text,
              image: next.image,
              clientMessageId: next.clientMessageId,
              replyTo: next.replyTo?._id,
              ...(next.noLinkPreview ? { linkPreview: false } : {}),
              ...(next.mentions ? { mentions: next.mentions } : {}),
            };
        const onProgress = (fraction: number) =>
          set((state) => ({ uploadProgress: { ...state.uploadProgress, [next.clientMessageId]: fraction } }));
        const file = !next.forwardOf && next.file?.blob;
        const to = next.groupId ? { groupId: next.groupId } : { userId: next.receiverId };
        const overHttp = () =>
          (file
            ? api.sendFile(
                to,
                {
                  file,
                  name: next.file!.name,
                  text: next.text,
                  clientMessageId: next.clientMessageId,
                  replyTo: next.replyTo?._id,
                  voiceSeconds: next.file!.voice?.seconds,
                },
                socket?.id,
                onProgress,
              )
            : api.sendMessage(to, body, socket?.id, onProgress)
          ).finally(() =>
            set((state) => {
              const { [next.clientMessageId]: _done, ...uploading } = state.uploadProgress;
              return { uploadProgress: uploading };
            }),
          );
        // A text to a person goes over the open socket (no HTTP request); an image or a file, anything
        // to a group, or anything while the socket is down, over HTTP. A retry may take the other way:
        // the clientMessageId stores it once.
        const sent = await (!next.groupId && !next.image && !file && socket?.connected
          ? api.sendOverSocket(socket, next.receiverId, body)
          : overHttp());
        changeOutbox((queue) => queue.filter((message) => message.clientMessageId !== next.clientMessageId));
        // Shown like any message: in the conversation if it is still open, and in the inbox.
        get().receiveMessage(sent);
      } catch (error) {
        if (!isTransient(error)) {
          updatePending(next.clientMessageId, { status: 'failed', failure: 'refused' });
          toast.error(errorMessage(error));
          continue;
        }
        if (!navigator.onLine) return 'waiting';
        const attempts = next.attempts + 1;
        if (attempts < MAX_SEND_ATTEMPTS) {
          updatePending(next.clientMessageId, { attempts });
          retryTimer = setTimeout(() => void get().flushOutbox(), retryDelayMs(attempts));
          return 'waiting';
        }
        // The server stays out of reach: everything waiting shows as not sent, each with a retry.
        changeOutbox((queue) =>
          queue.map((message) => (message.status === 'sending' ? { ...message, status: 'failed', failure: 'unreachable' } : message)),
        );
        toast.error(errorMessage(error));
        return 'waiting';
      }
    }
  };

  return {
    ...OUTBOX_SIGNED_OUT,
    sendMessage(message) {
      const { selectedGroup } = get();
      const me = useAuthStore.getState().authUser?._id;
      const to = openConversationId(get());
      if (!to || !me) return;
      const pending: PendingMessage = {
        clientMessageId: crypto.randomUUID(),
        senderId: me,
        receiverId: to,
        ...(selectedGroup ? { groupId: selectedGroup._id } : {}),
        text: message.text || null,
        image: message.image || null,
        file: message.file
          ? {
              blob: message.file,
              name: message.file.name,
              size: message.file.size,
              ...(message.voiceSeconds ? { voice: { seconds: message.voiceSeconds } } : {}),
            }
          : null,
        createdAt: new Date().toISOString(),
        replyTo: message.replyTo ?? null,
        ...(message.noLinkPreview ? { noLinkPreview: true as const } : {}),
        ...(selectedGroup && message.mentions?.length ? { mentions: message.mentions } : {}),
        status: 'sending',
        attempts: 0,
        failure: null,
      };
      changeOutbox((queue) => [...queue, pending]);
      void get().flushOutbox();
    },

    forwardMessages(messages, to) {
      const me = useAuthStore.getState().authUser?._id;
      if (!me) return;
      const createdAt = new Date().toISOString();
      const forwards = to.flatMap((recipient) =>
        messages.map((message): PendingMessage => ({
          clientMessageId: crypto.randomUUID(),
          senderId: me,
          ...('groupId' in recipient ? { receiverId: recipient.groupId, groupId: recipient.groupId } : { receiverId: recipient.userId }),
          text: message.text,
          image: message.image,
          file: message.file ?? null,
          createdAt,
          replyTo: null,
          forwardOf: message._id,
          status: 'sending',
          attempts: 0,
          failure: null,
        })),
      );
      changeOutbox((queue) => [...queue, ...forwards]);
      void get().flushOutbox();
    },

    flushOutbox() {
      if (flushing) {
        flushAgain = true;
        return flushing;
      }
      clearTimeout(retryTimer);
      flushing = (async () => {
        // A message queued during a flush goes in the same flush, unless the flush stopped to wait.
        let outcome: 'sent all' | 'waiting';
        do {
          flushAgain = false;
          outcome = await sendQueued();
        } while (flushAgain && outcome === 'sent all');
      })().finally(() => (flushing = null));
      return flushing;
    },

    async restoreOutbox() {
      const me = useAuthStore.getState().authUser?._id;
      if (!me) return;
      const kept = await outbox.load(me);
      if (useAuthStore.getState().authUser?._id !== me) return;
      // Another user's messages from before a sign-in on this tab stay in their own outbox.
      changeOutbox((queue) => {
        const mine = queue.filter((message) => message.senderId === me);
        const shown = new Set(mine.map((message) => message.clientMessageId));
        return [...kept.filter((message) => !shown.has(message.clientMessageId)), ...mine];
      });
      await get().resumeOutbox();
    },

    resumeOutbox() {
      // What the server refused would be refused again: it waits for a retry.
      changeOutbox((queue) =>
        queue.map((message) => (message.failure === 'refused' ? message : { ...message, status: 'sending', attempts: 0, failure: null })),
      );
      return get().flushOutbox();
    },

    retryMessage(clientMessageId) {
      changeOutbox((queue) =>
        queue.map((message) =>
          message.clientMessageId === clientMessageId ? { ...message, status: 'sending', attempts: 0, failure: null } : message,
        ),
      );
      void get().flushOutbox();
    },

    discardMessage(clientMessageId) {
      changeOutbox((queue) => queue.filter((message) => message.clientMessageId !== clientMessageId));
    },
  };
};
