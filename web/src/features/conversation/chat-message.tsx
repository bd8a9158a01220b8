import type { Message } from '@chat/contracts';
import { CircleAlert, Trash2 } from 'lucide-react';
import { avatarOf } from '../../lib/avatar';
import { useState, type MouseEvent } from 'react';
import type { MessageHandlers } from './message-action-list';
import { MessageActions } from './message-actions';
import { MessageBubble } from './message-bubble';
import type { GroupPlace } from './message-groups';
import type { MenuPoint } from './message-menu';
import { MessageMeta } from './message-meta';
import { MessageReactions } from './message-reactions';
import { useMessageGestures } from './use-message-gestures';
import { useTranslation } from 'react-i18next';

interface ChatMessageProps extends MessageHandlers {
  message: Message;
  /** A search of the conversation: its words are marked in the text. */
  searchQuery?: string;
  isOwn: boolean;
  avatar: string;
  /** In a group, the name over the first of someone else's messages in a row. */
  senderName?: string;
  /** Where it sits in its sender's group of messages: the last of theirs shows their avatar. */
  place?: GroupPlace;
  /** The signed-in user's id, for "You" in quotes and reactions. */
  myId: string;
  /** Who a user id is, as the chat names them ("You" for me). */
  nameOf(userId: string): string;
  /** Not stored yet: on its way (a clock), or not sent (with a retry). */
  outboxStatus?: 'sending' | 'failed';
  /** How much of its image is uploaded (0 to 1), while it is. */
  uploadProgress?: number;
  /** Sends again a message that was not sent. */
  onRetry?(): void;
  /** Gives up on a message that was not sent. */
  onDiscard?(): void;
  /** Just jumped to from a reply: shown outlined for a moment. */
  isHighlighted?: boolean;
  /** Shows the message's image at full size. */
  onOpenImage?(image: string): void;
  /** Goes to a message this one quotes. */
  onOpenQuoted?(messageId: string): void;
  /** Messages are being chosen to act on together: a click chooses this one (or leaves it out), its own actions are hidden. */
  selecting?: { isSelected: boolean; onToggle(messageId: string): void };
}

const WHOLE_GROUP: GroupPlace = { startsGroup: true, endsGroup: true };

/** One message of the conversation: who sent it, when, its state, what it says, its reactions, and what one can do with it. */
export function ChatMessage({
  message,
  isOwn,
  avatar,
  senderName,
  place = WHOLE_GROUP,
  myId,
  nameOf,
  outboxStatus,
  selecting,
  onRetry,
  onDiscard,
  ...rest
}: ChatMessageProps) {
  const { t } = useTranslation();
  const { searchQuery = '', isHighlighted = false, uploadProgress, onOpenImage, onOpenQuoted, ...handlers } = rest;
  const isDeleted = message.deletedAt !== null;
  const isPending = outboxStatus !== undefined;
  const isStored = !isPending && !isDeleted;
  // While choosing messages, a click chooses; what a message offers on its own waits.
  const acts = !selecting;
  // What is not stored (on its way, deleted) cannot be chosen to star, forward or delete.
  const selectable = selecting && isStored;
  const [menuAt, setMenuAt] = useState<MenuPoint | null>(null);
  const { onReply } = handlers;
  const gestures = useMessageGestures({
    onLongPress: acts ? setMenuAt : undefined,
    onSwipe: acts && isStored && onReply ? () => onReply(message) : undefined,
  });
  return (
    <div
      className={`group chat relative ${isOwn ? 'chat-end' : 'chat-start'} ${place.startsGroup ? 'mt-2' : 'py-0.5'} ${selectable ? 'cursor-pointer ps-9' : ''} ${selecting?.isSelected ? 'bg-primary/10' : ''} pointer-coarse:select-none`}
      style={gestures.offset ? { transform: `translateX(${gestures.offset}px)` } : undefined}
      data-testid="chat-message"
      data-message-id={message._id}
      onClick={selectable ? () => selecting.onToggle(message._id) : undefined}
      onContextMenu={acts ? (event) => openMenuAt(event, setMenuAt) : undefined}
      {...gestures.handlers}
    >
      {selectable && (
        <input
          type="checkbox"
          className="checkbox checkbox-sm absolute top-1/2 start-2 -translate-y-1/2"
          aria-label={t('Select message')}
          checked={selecting.isSelected}
          onChange={() => selecting.onToggle(message._id)}
          onClick={(event) => event.stopPropagation()}
        />
      )}
      {!isOwn && <TheirAvatar picture={avatar} name={nameOf(message.senderId)} shown={place.endsGroup} />}
      {senderName && (
        <div dir="auto" className="chat-header truncate text-xs font-semibold text-highlight" data-testid="sender-name">
          {senderName}
        </div>
      )}
      {acts && (
        <MessageActions
          state={{ message, isOwn, isStored, isPending }}
          handlers={handlers}
          menuAt={menuAt}
          onCloseMenu={() => setMenuAt(null)}
        />
      )}
      <MessageBubble
        {...{ message, isOwn, isPending, uploadProgress, isHighlighted, searchQuery, nameOf, onOpenImage, onOpenQuoted }}
        tailed={place.endsGroup}
        meta={<MessageMeta message={message} isOwn={isOwn} isPending={isPending} isFailed={outboxStatus === 'failed'} />}
      />
      {outboxStatus === 'failed' && <NotSent onRetry={onRetry} onDiscard={onDiscard} />}
      <MessageReactions
        reactions={message.reactions}
        myId={myId}
        nameOf={nameOf}
        onToggle={acts && isStored && handlers.onReact ? (emoji) => handlers.onReact?.(message, emoji) : undefined}
      />
    </div>
  );
}

/** Their group of messages shows their avatar once, beside its last message (`shown`); mine shows none, as in every messenger. */
function TheirAvatar({ picture, name, shown }: { picture: string; name: string; shown: boolean }) {
  return shown ? (
    <div className="chat-image avatar">
      <div className="size-10 rounded-full border border-base-300">
        <img src={avatarOf(picture)} alt={name} />
      </div>
    </div>
  ) : (
    <div className="chat-image w-10" aria-hidden="true" />
  );
}

/** A right-click opens the message's menu, except on a link or selected text, which keep the browser's own. */
function openMenuAt(event: MouseEvent, open: (at: MenuPoint) => void): void {
  if ((event.target as Element).closest('a') || window.getSelection()?.toString()) return;
  event.preventDefault();
  open({ x: event.clientX, y: event.clientY });
}

/** Under a message that was not sent: Retry, or give it up. */
function NotSent({ onRetry, onDiscard }: { onRetry?(): void; onDiscard?(): void }) {
  const { t } = useTranslation();
  return (
    <div className="chat-footer mt-1 flex items-center gap-1 text-xs text-danger" role="alert">
      <CircleAlert className="size-3.5" aria-hidden="true" />
      <span>{t('Not sent —')}</span>
      <button type="button" className="link font-semibold" onClick={onRetry}>
        {t('Retry')}
      </button>
      <button type="button" className="btn btn-ghost btn-xs" aria-label={t('Delete unsent message')} onClick={onDiscard}>
        <Trash2 className="size-3" />
      </button>
    </div>
  );
}
