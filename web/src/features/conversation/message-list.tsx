import type { AuthUser, Message } from '@chat/contracts';
import { Fragment, useCallback, type RefObject } from 'react';
import { pendingAsMessage, useChatStore, type PendingMessage } from '../../store/use-chat-store';
import { ChatMessage } from './chat-message';
import { DayDivider, startsDay } from './day-divider';
import { groupPlaces, type GroupPlace } from './message-groups';
import { UnreadDivider } from './unread-divider';
import { SystemLine } from '../groups';
import { CallLine } from '../calls';
import { useTranslation } from 'react-i18next';

/** What a message of the list offers, beside what the store does on its own (react, star, choose). */
export interface MessageListActions {
  onOpenImage(image: string): void;
  onReply(message: Message): void;
  onEdit(message: Message): void;
  onDelete(message: Message): void;
  onForward(message: Message): void;
  /** In a group: who has my message and who read it. */
  onInfo?(message: Message): void;
  /** Who reacted to the message, and with what. */
  onShowReactions?(message: Message): void;
  /** Pins it to the chat's top, or unpins it: given where I may. */
  onTogglePin?(message: Message): void;
  /** Goes to a message (from a quote), loading older pages until it is there. */
  onOpenQuoted(messageId: string): Promise<void>;
}

interface MessageListProps {
  me: AuthUser;
  /** Whose picture goes beside a user id's messages. */
  pictureOf(userId: string): string;
  /** A group's conversation: each of the others' groups of messages is headed by their name. */
  inGroup: boolean;
  messages: Message[];
  /** My messages to this person still in the outbox, after the stored ones. */
  pending: PendingMessage[];
  listRef: RefObject<HTMLDivElement | null>;
  endRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  highlightedId: string | null;
  searchQuery: string;
  /** Who a user id is, as the chat names them ("You" for me). */
  nameOf(userId: string): string;
  actions: MessageListActions;
}

/** The conversation's messages, oldest first, with a line at each new day and at the first unread one; then the outbox's. */
export function MessageList({
  me,
  pictureOf,
  inGroup,
  messages,
  pending,
  listRef,
  endRef,
  onScroll,
  highlightedId,
  searchQuery,
  nameOf,
  actions,
}: MessageListProps) {
  const { t } = useTranslation();
  const isOlderLoading = useChatStore((state) => state.isOlderLoading);
  const unreadMarker = useChatStore((state) => state.unreadMarker);
  const { selection, toggleSelected, react, toggleStar } = useMessageChanges();
  // The outbox's messages go on my last group; the line at the first unread one starts a group.
  const places = groupPlaces([...messages, ...pending], (index) => messages[index]?._id === unreadMarker?.firstId);
  return (
    <div
      ref={listRef}
      onScroll={onScroll}
      role="log"
      aria-label={t('Messages')}
      // New messages are announced by the live announcer, as "Bob: hello", not as the list's whole new rows.
      aria-live="off"
      // A message gone to (a quote, a search) stops below the day's band, not under it.
      className="flex-1 scroll-pt-12 overflow-y-auto px-4 pb-4"
      data-testid="message-list"
    >
      {isOlderLoading && (
        <div className="flex justify-center">
          <span className="loading loading-dots loading-sm" />
        </div>
      )}
      {messages.length === 0 && pending.length === 0 && (
        <p className="py-8 text-center text-sm text-muted">{t('No messages yet. Say hello 👋')}</p>
      )}
      {messages.map((message, index) => {
        const isOwn = message.senderId === me._id;
        const place = places[index];
        return (
          <Fragment key={message._id}>
            {startsDay(messages[index - 1]?.createdAt, message.createdAt) && <DayDivider at={message.createdAt} />}
            {message._id === unreadMarker?.firstId && <UnreadDivider count={unreadMarker.count} />}
            {message.system || message.call ? (
              <CentredLine message={message} myId={me._id} nameOf={nameOf} pictureOf={pictureOf} />
            ) : (
              <ChatMessage
                message={message}
                isOwn={isOwn}
                avatar={pictureOf(message.senderId)}
                senderName={inGroup && !isOwn && place?.startsGroup ? nameOf(message.senderId) : undefined}
                place={place}
                myId={me._id}
                nameOf={nameOf}
                isHighlighted={message._id === highlightedId}
                searchQuery={searchQuery}
                {...actions}
                onOpenImage={selection ? undefined : actions.onOpenImage}
                onReact={react}
                onToggleStar={toggleStar}
                selecting={selection ? { isSelected: selection.includes(message._id), onToggle: toggleSelected } : undefined}
              />
            )}
          </Fragment>
        );
      })}
      <PendingMessages
        me={me}
        pending={pending}
        places={places.slice(messages.length)}
        after={messages.at(-1)}
        nameOf={nameOf}
        onOpenQuoted={actions.onOpenQuoted}
      />
      <div ref={endRef} />
    </div>
  );
}

/** A line centred between the messages: a line of a group's story, or one a call left (whose "Call back" calls the other person). */
function CentredLine({
  message,
  myId,
  nameOf,
  pictureOf,
}: { message: Message; myId: string } & Pick<MessageListProps, 'nameOf' | 'pictureOf'>) {
  if (message.system) return <SystemLine event={message.system} myId={myId} nameOf={nameOf} />;
  if (!message.call) return null;
  const peerId = message.senderId === myId ? message.receiverId : message.senderId;
  const peer = { _id: peerId, fullName: nameOf(peerId), profilePic: pictureOf(peerId) };
  return <CallLine message={message} call={message.call} myId={myId} peer={peer} />;
}

/** What the store does to a message of the list on its own: choose it, react to it, star it. */
function useMessageChanges() {
  const selection = useChatStore((state) => state.selection);
  const toggleSelected = useChatStore((state) => state.toggleSelected);
  const reactToMessage = useChatStore((state) => state.reactToMessage);
  const setStarred = useChatStore((state) => state.setStarred);
  const react = useCallback((message: Message, emoji: string) => void reactToMessage(message._id, emoji), [reactToMessage]);
  const toggleStar = useCallback((message: Message) => void setStarred(message._id, !message.starred), [setStarred]);
  return { selection, toggleSelected, react, toggleStar };
}

interface PendingMessagesProps {
  me: AuthUser;
  pending: PendingMessage[];
  /** Each one's place in my group of messages. */
  places: GroupPlace[];
  /** The latest stored message, for the day line before the first one. */
  after: Message | undefined;
  nameOf(userId: string): string;
  onOpenQuoted(messageId: string): Promise<void>;
}

/** My messages on their way (a clock, an upload's progress) or not sent (Retry, or give up). */
function PendingMessages({ me, pending, places, after, nameOf, onOpenQuoted }: PendingMessagesProps) {
  const uploadProgress = useChatStore((state) => state.uploadProgress);
  const retryMessage = useChatStore((state) => state.retryMessage);
  const discardMessage = useChatStore((state) => state.discardMessage);
  return pending.map((message, index) => (
    <Fragment key={message.clientMessageId}>
      {startsDay((pending[index - 1] ?? after)?.createdAt, message.createdAt) && <DayDivider at={message.createdAt} />}
      <ChatMessage
        message={pendingAsMessage(message)}
        isOwn
        outboxStatus={message.status}
        uploadProgress={uploadProgress[message.clientMessageId]}
        onRetry={() => retryMessage(message.clientMessageId)}
        onDiscard={() => discardMessage(message.clientMessageId)}
        avatar={me.profilePic}
        place={places[index]}
        myId={me._id}
        nameOf={nameOf}
        onOpenQuoted={onOpenQuoted}
      />
    </Fragment>
  ));
}
