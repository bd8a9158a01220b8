import type { Contact, Group, Message } from '@chat/contracts';
import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../../store/use-auth-store';
import { useEscapeKey } from '../../ui/use-escape-key';
import { openConversationId, useChatStore } from '../../store/use-chat-store';
import { MessageInfoDialog, myPlaceIn, peopleById } from '../groups';
import { PinnedBanner } from '../pinned-messages';
import { ConversationHeader } from './conversation-header';
import { ReactionsDialog } from './reactions-dialog';
import { ConversationFooter } from './conversation-footer';
import { ConversationSearch } from './conversation-search';
import { DeleteMessageDialog } from './delete-message-dialog';
import { ForwardMessageDialog } from './forward-message-dialog';
import { ImageLightbox } from './image-lightbox';
import { MessageList, type MessageListActions } from './message-list';
import { MessageSkeleton } from './message-skeleton';
import { useConversationScroll } from './use-conversation-scroll';
import { useFileDrop } from './use-file-drop';
import { useGoToMessage } from './use-go-to-message';
import { useLightboxImages } from './use-lightbox-images';
import { useReplyAndEdit } from './use-reply-and-edit';
import { LoadFailed } from '../../ui/load-failed';
import { useTranslation } from 'react-i18next';

/** Pins a message to its chat's top for everyone in it, or unpins it. */
const togglePin = (message: Message) => void useChatStore.getState().setMessagePinned(message, !message.pinnedAt);

/** The open conversation's messages and how far they are loaded. */
const useOpenConversation = () =>
  useChatStore(
    useShallow((state) => ({
      messages: state.messages,
      selectedUser: state.selectedUser,
      selectedGroup: state.selectedGroup,
      isMessagesLoading: state.isMessagesLoading,
      loadFailed: state.messagesLoadFailed && state.messages.length === 0,
      isOlderLoading: state.isOlderLoading,
      hasOlderMessages: state.hasOlderMessages,
      loadOlderMessages: state.loadOlderMessages,
    })),
  );

/** The open conversation: its header, search, messages, and the box (or why there is none), with its dialogs. */
export function ChatContainer() {
  const { t } = useTranslation();
  const { messages, selectedUser, selectedGroup, isMessagesLoading, loadFailed, ...paging } = useOpenConversation();
  const authUser = useAuthStore((state) => state.authUser);
  const conversationId = openConversationId({ selectedUser, selectedGroup });
  const pending = usePendingTo(conversationId, authUser?._id);
  const newestId = pending.at(-1)?.clientMessageId ?? messages.at(-1)?._id;
  const { nameOf, pictureOf } = usePeopleOf(selectedUser, selectedGroup);
  const { isFarFromLatest, unseenCount, scrollToLatest, ...scroll } = useConversationScroll({
    newestId,
    myId: authUser?._id,
    conversationId,
    messages,
    isMessagesLoading,
    ...paging,
  });
  useConversationLoading();

  const dialogs = useMessageDialogs(messages);
  const { opening, chosen } = dialogs;
  const replyAndEdit = useReplyAndEdit(conversationId, messages, authUser?._id);
  const search = useConversationSearchState(conversationId);
  const { highlightedId, goToMessage } = useGoToMessage(scroll.listRef, isMessagesLoading, messages.length);
  const images = useLightboxImages(messages, authUser?._id, selectedUser);
  const { droppedFiles, isDragging, dropZone } = useFileDrop();
  const { startReply, startEdit } = replyAndEdit;
  const canPin = useChatStore((state) => !state.selectedGroup || myPlaceIn(state.selectedGroup, authUser?._id).canEdit);
  const actions = useMemo<MessageListActions>(
    () => ({
      ...opening,
      onReply: startReply,
      onEdit: startEdit,
      onOpenQuoted: goToMessage,
      ...(canPin ? { onTogglePin: togglePin } : {}),
    }),
    [opening, startReply, startEdit, goToMessage, canPin],
  );

  if (!conversationId || !authUser) return null;
  return (
    <div
      className={`relative flex flex-1 flex-col overflow-auto ${isDragging ? 'outline-2 -outline-offset-4 outline-primary outline-dashed' : ''}`}
      {...dropZone}
    >
      <ConversationHeader conversationId={conversationId} isGroup={selectedGroup !== null} nameOf={nameOf} onSearch={search.open} />
      {search.isOpen && (
        <ConversationSearch key={conversationId} conversationId={conversationId} onQueryChange={search.setQuery} onClose={search.close} />
      )}
      <PinnedBanner chatId={conversationId} nameOf={nameOf} canUnpin={canPin} />
      {isMessagesLoading ? (
        <MessageSkeleton />
      ) : loadFailed ? (
        <LoadFailed
          text={t('The messages could not be loaded.')}
          onRetry={() => void useChatStore.getState().getMessages(conversationId)}
        />
      ) : (
        <div className="relative flex min-h-0 flex-1 flex-col">
          <MessageList
            {...{ messages, pending, highlightedId, nameOf, actions, ...scroll }}
            me={authUser}
            pictureOf={pictureOf}
            inGroup={selectedGroup !== null}
            searchQuery={search.query}
          />
          {(isFarFromLatest || unseenCount > 0) && <LatestMessageButton unseenCount={unseenCount} onClick={scrollToLatest} />}
        </div>
      )}
      <ConversationFooter
        {...{ chosen, droppedFiles, replyAndEdit, nameOf, conversationId }}
        onForward={dialogs.setForwarding}
        onDelete={dialogs.setDeleting}
      />
      <MessageDialogs
        {...{ dialogs, images, nameOf, pictureOf }}
        myId={authUser._id}
        peerName={selectedUser?.fullName ?? selectedGroup?.name ?? ''}
      />
    </div>
  );
}

/** Back to the latest message, shown once the reader has scrolled far from it or new ones came below the view, with how many. */
function LatestMessageButton({ unseenCount, onClick }: { unseenCount: number; onClick(): void }) {
  const { t } = useTranslation();
  const unseen = unseenCount > 0 ? t('{{count}} new messages', { count: unseenCount }) : '';
  return (
    <button
      type="button"
      className="btn btn-circle btn-sm absolute end-5 bottom-3 z-20 shadow-md"
      aria-label={unseen ? t('Scroll to the latest message, {{unseen}}', { unseen }) : t('Scroll to the latest message')}
      onClick={onClick}
    >
      <ChevronDown className="size-5" />
      {unseen && (
        <span className="badge absolute -top-2 -end-2 badge-sm badge-primary" aria-hidden="true">
          {unseenCount > 99 ? '99+' : unseenCount}
        </span>
      )}
    </button>
  );
}

/**
 * The dialogs over the conversation (the lightbox, deleting, forwarding, a message's info, who
 * reacted to it), the ways a message opens them, and the messages chosen to act on together.
 */
function useMessageDialogs(messages: Message[]) {
  const [openImage, setOpenImage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Message[] | null>(null);
  const [forwarding, setForwarding] = useState<Message[] | null>(null);
  const [showingInfo, setShowingInfo] = useState<Message | null>(null);
  const [reactionsOf, setReactionsOf] = useState<string | null>(null);
  const selection = useChatStore((state) => state.selection);
  const chosen = selection ? messages.filter((message) => selection.includes(message._id)) : [];
  // Who reacted, as the message is now: a reaction given or taken back meanwhile shows at once.
  const showingReactions = messages.find((message) => message._id === reactionsOf) ?? null;
  const stopSelecting = useCallback(() => useChatStore.getState().setSelecting(false), []);
  // Escape stops choosing, unless a dialog about the chosen ones is open (Escape closes that).
  useEscapeKey(selection !== null && deleting === null && forwarding === null, stopSelecting);
  const opening = useMemo(
    () => ({
      onOpenImage: setOpenImage,
      onDelete: (message: Message) => setDeleting([message]),
      onForward: (message: Message) => setForwarding([message]),
      onInfo: setShowingInfo,
      onShowReactions: (message: Message) => setReactionsOf(message._id),
    }),
    [],
  );
  const closeReactions = () => setReactionsOf(null);
  return {
    openImage,
    setOpenImage,
    deleting,
    setDeleting,
    forwarding,
    setForwarding,
    showingInfo,
    setShowingInfo,
    showingReactions,
    closeReactions,
    opening,
    chosen,
  };
}

/** Those dialogs, each shown while it has something to show. */
function MessageDialogs({
  dialogs,
  images,
  peerName,
  ...people
}: {
  dialogs: ReturnType<typeof useMessageDialogs>;
  images: ReturnType<typeof useLightboxImages>;
  peerName: string;
  myId: string;
  nameOf(userId: string): string;
  pictureOf(userId: string): string;
}) {
  const { openImage, setOpenImage, deleting, setDeleting, forwarding, setForwarding, showingInfo, setShowingInfo } = dialogs;
  return (
    <>
      <ImageLightbox images={images} open={openImage} onShow={setOpenImage} />
      <DeleteMessageDialog messages={deleting} peerName={peerName} onDone={() => setDeleting(null)} />
      <ForwardMessageDialog messages={forwarding} onDone={() => setForwarding(null)} />
      <MessageInfoDialog message={showingInfo} onDone={() => setShowingInfo(null)} />
      <ReactionsDialog message={dialogs.showingReactions} {...people} onDone={dialogs.closeReactions} />
    </>
  );
}

/** The open conversation's messages are fetched; what arrived while the tab was hidden is read once it is shown again. */
function useConversationLoading() {
  const conversationId = useChatStore(openConversationId);
  const getMessages = useChatStore((state) => state.getMessages);
  useEffect(() => {
    if (conversationId) void getMessages(conversationId);
  }, [conversationId, getMessages]);
  useEffect(() => {
    const onVisible = () => void useChatStore.getState().markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

/** My messages to the open conversation still in the outbox. */
function usePendingTo(conversationId: string | undefined, myId: string | undefined) {
  const allPending = useChatStore((state) => state.pendingMessages);
  return allPending.filter((message) => message.receiverId === conversationId && message.senderId === myId);
}

/** Who a user id of the open conversation is ("You" for me), and their picture: me, the person, or one of the group's people. */
function usePeopleOf(person: Contact | null, group: Group | null) {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.authUser);
  const people = useMemo(() => peopleById([...(person ? [person] : (group?.people ?? [])), ...(me ? [me] : [])]), [person, group, me]);
  return {
    nameOf: (userId: string) => (userId === me?._id ? t('You') : (people.get(userId)?.fullName ?? t('Someone'))),
    pictureOf: (userId: string) => people.get(userId)?.profilePic ?? '',
  };
}

/** Searching this conversation: its words marked in the messages; closed with another conversation. */
function useConversationSearchState(conversationId: string | undefined) {
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
  }, []);
  useEffect(close, [conversationId, close]);
  return { isOpen, query, setQuery, close, open: () => setOpen(true) };
}
