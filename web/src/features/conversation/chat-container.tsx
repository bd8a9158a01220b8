import type { Message } from '@chat/contracts';
import { ChevronDown } from 'lucide-react';
import { Fragment, useCallback, useEffect, useMemo, useState, type DragEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../../store/use-auth-store';
import { photoDescription } from '../../lib/message-preview';
import { useEscapeKey } from '../../ui/use-escape-key';
import { prefersReducedMotion } from '../../ui/use-reduced-motion';
import { pendingAsMessage, useChatStore, whyConversationClosed } from '../../store/use-chat-store';
import { ChatHeader } from './chat-header';
import { useConversationScroll } from './use-conversation-scroll';
import { ConversationSearch } from './conversation-search';
import { ChatMessage, mayEdit } from './chat-message';
import { DayDivider, startsDay } from './day-divider';
import { DeleteMessageDialog } from './delete-message-dialog';
import { ForwardMessageDialog } from './forward-message-dialog';
import { ImageLightbox } from './image-lightbox';
import { BlockedContactBar, DeletedAccountBar } from './conversation-closed-bar';
import { MessageInput } from '../composer';
import { MessageSkeleton } from './message-skeleton';
import { SelectionBar } from './selection-bar';
import { UnreadDivider } from './unread-divider';

/** How long a message gone to from a quote stays outlined. */
const HIGHLIGHT_MS = 2_000;

export function ChatContainer() {
  const { messages, selectedUser, unreadMarker, isMessagesLoading, isOlderLoading, hasOlderMessages, getMessages, loadOlderMessages } =
    useChatStore(
      useShallow((state) => ({
        messages: state.messages,
        selectedUser: state.selectedUser,
        unreadMarker: state.unreadMarker,
        isMessagesLoading: state.isMessagesLoading,
        isOlderLoading: state.isOlderLoading,
        hasOlderMessages: state.hasOlderMessages,
        getMessages: state.getMessages,
        loadOlderMessages: state.loadOlderMessages,
      })),
    );
  const authUser = useAuthStore((state) => state.authUser);
  const allPending = useChatStore((state) => state.pendingMessages);
  const uploadProgress = useChatStore((state) => state.uploadProgress);
  const closed = useChatStore(whyConversationClosed);
  const pending = allPending.filter((message) => message.receiverId === selectedUser?._id && message.senderId === authUser?._id);
  const newestId = pending.at(-1)?.clientMessageId ?? messages.at(-1)?._id;
  const { listRef, endRef, onScroll, isFarFromLatest, scrollToLatest } = useConversationScroll({
    newestId,
    conversationId: selectedUser?._id,
    messages,
    isMessagesLoading,
    isOlderLoading,
    hasOlderMessages,
    loadOlderMessages,
  });

  useEffect(() => {
    if (selectedUser) void getMessages(selectedUser._id);
  }, [selectedUser, getMessages]);

  // What arrived while the tab was hidden is read once it is shown again.
  useEffect(() => {
    const onVisible = () => void useChatStore.getState().markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const [openImage, setOpenImage] = useState<string | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [replyingTo, setReplyingTo] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message[] | null>(null);
  const [forwarding, setForwarding] = useState<Message[] | null>(null);
  const selection = useChatStore((state) => state.selection);
  const toggleSelected = useChatStore((state) => state.toggleSelected);
  const chosen = selection ? messages.filter((message) => selection.includes(message._id)) : [];
  const stopSelecting = useCallback(() => useChatStore.getState().setSelecting(false), []);
  // Escape stops choosing, unless a dialog about the chosen ones is open (Escape closes that).
  useEscapeKey(selection !== null && deleting === null && forwarding === null, stopSelecting);
  useEffect(() => {
    setEditing(null);
    setReplyingTo(null);
  }, [selectedUser?._id]);
  // One message at a time is answered or changed.
  const startReply = useCallback((message: Message) => {
    setEditing(null);
    setReplyingTo(message);
  }, []);
  const startEdit = useCallback((message: Message) => {
    setReplyingTo(null);
    setEditing(message);
  }, []);
  const editLatest = () => {
    const latest = messages.findLast((message) => message.senderId === authUser?._id);
    if (!latest || !mayEdit(latest)) return false;
    startEdit(latest);
    return true;
  };
  const reactToMessage = useChatStore((state) => state.reactToMessage);
  const retryMessage = useChatStore((state) => state.retryMessage);
  const discardMessage = useChatStore((state) => state.discardMessage);
  const react = useCallback((message: Message, emoji: string) => void reactToMessage(message._id, emoji), [reactToMessage]);
  const setStarred = useChatStore((state) => state.setStarred);
  const toggleStar = useCallback((message: Message) => void setStarred(message._id, !message.starred), [setStarred]);

  // Searching this conversation: its words marked in the messages; closed with another conversation.
  const [isSearchOpen, setSearchOpen] = useState(false);
  const [searchQuery, setSearchQuery] = useState('');
  const closeSearch = useCallback(() => {
    setSearchOpen(false);
    setSearchQuery('');
  }, []);
  useEffect(closeSearch, [selectedUser?._id, closeSearch]);

  // A click on a quote (or a search result) goes to that message: older pages load until it is there.
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const openQuoted = useCallback(async (messageId: string) => {
    const isLoaded = () => useChatStore.getState().messages.some((message) => message._id === messageId);
    while (!isLoaded() && useChatStore.getState().hasOlderMessages) {
      const before = useChatStore.getState().messages.length;
      await useChatStore.getState().loadOlderMessages();
      if (useChatStore.getState().messages.length === before) break;
    }
    if (isLoaded()) setHighlightedId(messageId);
  }, []);
  // A message opened from a search result is shown once its conversation has loaded.
  const jumpTarget = useChatStore((state) => state.jumpTarget);
  useEffect(() => {
    if (!jumpTarget || isMessagesLoading || messages.length === 0) return;
    useChatStore.getState().clearJumpTarget();
    void openQuoted(jumpTarget);
  }, [jumpTarget, isMessagesLoading, messages.length, openQuoted]);

  useEffect(() => {
    if (!highlightedId) return;
    listRef.current
      ?.querySelector(`[data-message-id="${CSS.escape(highlightedId)}"]`)
      ?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    const timer = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId, listRef]);
  const images = useMemo(
    () =>
      messages.flatMap(({ image, createdAt, senderId }) => {
        if (!image) return [];
        const isMe = senderId === authUser?._id;
        return [{ url: image, description: photoDescription(createdAt, { name: selectedUser?.fullName ?? '', isMe }) }];
      }),
    [messages, authUser?._id, selectedUser?.fullName],
  );

  // Files dropped anywhere on the conversation are attached to the message being written (a picture as a photo).
  const [droppedFiles, setDroppedFiles] = useState<File[] | null>(null);
  const [isDragging, setDragging] = useState(false);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) setDroppedFiles(files);
  };

  if (!selectedUser || !authUser) return null;
  const nameOf = (userId: string) => (userId === authUser._id ? 'You' : selectedUser.fullName);

  return (
    <div
      className={`relative flex flex-1 flex-col overflow-auto ${isDragging ? 'outline-2 -outline-offset-4 outline-primary outline-dashed' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <ChatHeader onSearch={() => setSearchOpen(true)} />
      {isSearchOpen && (
        <ConversationSearch key={selectedUser._id} peer={selectedUser} onQueryChange={setSearchQuery} onClose={closeSearch} />
      )}
      {isMessagesLoading ? (
        <MessageSkeleton />
      ) : (
        <div className="relative flex min-h-0 flex-1 flex-col">
          <div
            ref={listRef}
            onScroll={onScroll}
            role="log"
            aria-label="Messages"
            // New messages are announced by the live announcer, as "Bob: hello", not as the list's whole new rows.
            aria-live="off"
            className="flex-1 space-y-4 overflow-y-auto p-4"
            data-testid="message-list"
          >
            {isOlderLoading && (
              <div className="flex justify-center">
                <span className="loading loading-dots loading-sm" />
              </div>
            )}
            {messages.length === 0 && pending.length === 0 && (
              <p className="py-8 text-center text-sm text-muted">No messages yet. Say hello 👋</p>
            )}
            {messages.map((message, index) => {
              const isOwn = message.senderId === authUser._id;
              return (
                <Fragment key={message._id}>
                  {startsDay(messages[index - 1]?.createdAt, message.createdAt) && <DayDivider at={message.createdAt} />}
                  {message._id === unreadMarker?.firstId && <UnreadDivider count={unreadMarker.count} />}
                  <ChatMessage
                    message={message}
                    isOwn={isOwn}
                    avatar={isOwn ? authUser.profilePic : selectedUser.profilePic}
                    myId={authUser._id}
                    nameOf={nameOf}
                    isHighlighted={message._id === highlightedId}
                    searchQuery={searchQuery}
                    onOpenImage={selection ? undefined : setOpenImage}
                    onReply={startReply}
                    onReact={react}
                    onOpenQuoted={openQuoted}
                    onEdit={startEdit}
                    onDelete={(chosenOne) => setDeleting([chosenOne])}
                    onForward={(chosenOne) => setForwarding([chosenOne])}
                    onToggleStar={toggleStar}
                    selecting={selection ? { isSelected: selection.includes(message._id), onToggle: toggleSelected } : undefined}
                  />
                </Fragment>
              );
            })}
            {pending.map((message, index) => (
              <Fragment key={message.clientMessageId}>
                {startsDay((pending[index - 1] ?? messages.at(-1))?.createdAt, message.createdAt) && <DayDivider at={message.createdAt} />}
                <ChatMessage
                  message={pendingAsMessage(message)}
                  isOwn
                  outboxStatus={message.status}
                  uploadProgress={uploadProgress[message.clientMessageId]}
                  onRetry={() => retryMessage(message.clientMessageId)}
                  onDiscard={() => discardMessage(message.clientMessageId)}
                  avatar={authUser.profilePic}
                  myId={authUser._id}
                  nameOf={nameOf}
                  onOpenQuoted={openQuoted}
                />
              </Fragment>
            ))}
            <div ref={endRef} />
          </div>
          {isFarFromLatest && (
            <button
              type="button"
              className="btn btn-circle btn-sm absolute right-5 bottom-3 z-20 shadow-md"
              aria-label="Scroll to the latest message"
              onClick={scrollToLatest}
            >
              <ChevronDown className="size-5" />
            </button>
          )}
        </div>
      )}
      {selection !== null ? (
        <SelectionBar chosen={chosen} onForward={setForwarding} onDelete={setDeleting} />
      ) : closed === 'account deleted' ? (
        <DeletedAccountBar />
      ) : closed === 'blocked' ? (
        <BlockedContactBar userId={selectedUser._id} />
      ) : (
        <MessageInput
          peerId={selectedUser._id}
          droppedFiles={droppedFiles}
          editing={editing}
          onEditDone={() => setEditing(null)}
          onEditLatest={editLatest}
          replyingTo={replyingTo && { message: replyingTo, authorName: nameOf(replyingTo.senderId) }}
          onReplyDone={() => setReplyingTo(null)}
        />
      )}
      <ImageLightbox images={images} open={openImage} onShow={setOpenImage} />
      <DeleteMessageDialog messages={deleting} peerName={selectedUser.fullName} onDone={() => setDeleting(null)} />
      <ForwardMessageDialog messages={forwarding} onDone={() => setForwarding(null)} />
    </div>
  );
}
