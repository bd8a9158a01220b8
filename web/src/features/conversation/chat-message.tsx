import { EDIT_WINDOW_MINUTES, thumbnailUrl, type Message } from '@chat/contracts';
import { Ban, CircleAlert, Copy, Forward, Pencil, Reply, SmilePlus, Star, StarOff, Trash2 } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { isJumboEmoji } from '../../lib/emoji-only';
import { DELETED_MESSAGE, photoDescription } from '../../lib/message-preview';
import { avatarOf } from '../../lib/avatar';
import { formatMessageTime } from '../../lib/format-time';
import { MessageReactions } from './message-reactions';
import { MessageFile } from './message-file';
import { VoiceMessage } from './voice-message';
import { MessageStatus, statusOf } from '../../ui/message-status';
import { MessageText } from './message-text';
import { QuotedMessage } from './quoted-message';
import { ReactionPicker } from './reaction-picker';

interface ChatMessageProps {
  message: Message;
  /** A search of the conversation: its words are marked in the text. */
  searchQuery?: string;
  isOwn: boolean;
  avatar: string;
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
  /** Starts a reply to this message. */
  onReply?(message: Message): void;
  /** Toggles my reaction to this message. */
  onReact?(message: Message, emoji: string): void;
  /** Goes to a message this one quotes. */
  onOpenQuoted?(messageId: string): void;
  /** Starts editing this message's text (offered on my own text messages while they may be edited). */
  onEdit?(message: Message): void;
  /** Asks to delete this message: mine for everyone or for me, anyone's for me. */
  onDelete?(message: Message): void;
  /** Asks whom to forward this message to. */
  onForward?(message: Message): void;
  /** Stars this message to find it again, or unstars it. */
  onToggleStar?(message: Message): void;
  /** Messages are being chosen to act on together: a click chooses this one (or leaves it out), its own actions are hidden. */
  selecting?: { isSelected: boolean; onToggle(messageId: string): void };
}

/** Whether my message may still have its text changed: a text, within the edit window. */
export const mayEdit = (message: Message) =>
  message.text !== null && Date.now() - Date.parse(message.createdAt) < EDIT_WINDOW_MINUTES * 60_000;

/** Puts a message's text on the clipboard, saying so. */
function copyText(text: string): void {
  navigator.clipboard.writeText(text).then(
    () => toast.success('Copied'),
    () => toast.error('Could not copy the text'),
  );
}

/** A small button beside a message's time, shown while the message is hovered or the button focused. */
function MessageAction({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function ChatMessage({
  message,
  isOwn,
  avatar,
  myId,
  nameOf,
  outboxStatus,
  uploadProgress,
  searchQuery = '',
  onRetry,
  onDiscard,
  isHighlighted = false,
  onOpenImage,
  onReply,
  onReact,
  onOpenQuoted,
  onEdit,
  onDelete,
  onForward,
  onToggleStar,
  selecting,
}: ChatMessageProps) {
  const isDeleted = message.deletedAt !== null;
  const isPending = outboxStatus !== undefined;
  const isStored = !isPending && !isDeleted;
  const mine = isOwn && isStored;
  // While choosing messages, a click chooses; what a message offers on its own waits.
  const acts = !selecting;
  const selectable = selecting && !isPending;
  const [isPickingReaction, setPickingReaction] = useState(false);
  const closePicker = useCallback(() => setPickingReaction(false), []);
  return (
    <div
      className={`group chat ${isOwn ? 'chat-end' : 'chat-start'} ${selectable ? 'relative cursor-pointer pl-9' : ''} ${selecting?.isSelected ? 'bg-primary/10' : ''}`}
      data-testid="chat-message"
      data-message-id={message._id}
      onClick={selectable ? () => selecting.onToggle(message._id) : undefined}
    >
      {selectable && (
        <input
          type="checkbox"
          className="checkbox checkbox-sm absolute top-1/2 left-2 -translate-y-1/2"
          aria-label="Select message"
          checked={selecting.isSelected}
          onChange={() => selecting.onToggle(message._id)}
          onClick={(event) => event.stopPropagation()}
        />
      )}
      <div className="chat-image avatar">
        <div className="size-10 rounded-full border border-base-300">
          <img src={avatarOf(avatar)} alt={nameOf(message.senderId)} />
        </div>
      </div>
      <div className="chat-header relative mb-1 flex items-center gap-1">
        <time className="ml-1 text-xs text-muted" dateTime={message.createdAt}>
          {formatMessageTime(message.createdAt)}
        </time>
        {message.editedAt && <span className="text-xs text-muted">edited</span>}
        {message.starred && !isDeleted && <Star className="size-3 fill-current text-muted" role="img" aria-label="Starred" />}
        {isOwn && !isDeleted && outboxStatus !== 'failed' && (
          <MessageStatus status={isPending ? 'sending' : statusOf(message)} message={message} />
        )}
        {acts && isStored && onReply && (
          <MessageAction label="Reply" onClick={() => onReply(message)}>
            <Reply className="size-3" />
          </MessageAction>
        )}
        {acts && isStored && onReact && (
          <MessageAction label="React" onClick={() => setPickingReaction(true)}>
            <SmilePlus className="size-3" />
          </MessageAction>
        )}
        {acts && isStored && message.text && (
          <MessageAction label="Copy text" onClick={() => copyText(message.text!)}>
            <Copy className="size-3" />
          </MessageAction>
        )}
        {acts && isStored && onForward && (
          <MessageAction label="Forward" onClick={() => onForward(message)}>
            <Forward className="size-3" />
          </MessageAction>
        )}
        {acts && isStored && onToggleStar && (
          <MessageAction label={message.starred ? 'Unstar message' : 'Star message'} onClick={() => onToggleStar(message)}>
            {message.starred ? <StarOff className="size-3" /> : <Star className="size-3" />}
          </MessageAction>
        )}
        {acts && mine && onEdit && mayEdit(message) && (
          <MessageAction label="Edit message" onClick={() => onEdit(message)}>
            <Pencil className="size-3" />
          </MessageAction>
        )}
        {acts && !isPending && onDelete && (
          <MessageAction label="Delete message" onClick={() => onDelete(message)}>
            <Trash2 className="size-3" />
          </MessageAction>
        )}
        {isPickingReaction && onReact && (
          <ReactionPicker
            align={isOwn ? 'end' : 'start'}
            onClose={closePicker}
            onPick={(emoji) => {
              closePicker();
              onReact(message, emoji);
            }}
          />
        )}
      </div>
      <div
        className={`chat-bubble flex flex-col ${isOwn ? 'chat-bubble-primary text-on-primary' : ''} ${isHighlighted ? 'outline-2 outline-offset-2 outline-accent' : ''}`}
      >
        {message.forwarded && !isDeleted && (
          <span className="mb-1 flex items-center gap-1 text-xs italic">
            <Forward className="size-3" aria-hidden="true" /> Forwarded
          </span>
        )}
        {message.replyTo && <QuotedMessage quote={message.replyTo} authorName={nameOf(message.replyTo.senderId)} onOpen={onOpenQuoted} />}
        {message.image && (
          <button
            type="button"
            className="mb-2 cursor-zoom-in"
            title="Open full size"
            onClick={() => message.image && onOpenImage?.(message.image)}
          >
            {/* The thumbnail in the conversation (a message still on its way shows its own picture); the lightbox loads the original. */}
            <img
              src={isPending ? message.image : thumbnailUrl(message.image)}
              alt={photoDescription(message.createdAt, { name: nameOf(message.senderId), isMe: isOwn })}
              className="max-w-[200px] rounded-md"
              loading="lazy"
            />
          </button>
        )}
        {message.file?.voice ? (
          <VoiceMessage url={message.file.url} seconds={message.file.voice.seconds} isPending={isPending} />
        ) : (
          message.file && <MessageFile file={message.file} isPending={isPending} />
        )}
        {uploadProgress !== undefined && (
          <progress
            className="progress mb-2 w-full max-w-[200px] text-primary-content"
            value={Math.round(uploadProgress * 100)}
            max={100}
            aria-label={message.file?.voice ? 'Uploading voice message' : message.file ? 'Uploading file' : 'Uploading image'}
          />
        )}
        {message.text && (
          <p className={`break-words whitespace-pre-wrap ${isJumboEmoji(message.text) ? 'text-4xl leading-tight' : ''}`}>
            <MessageText text={message.text} query={searchQuery} />
          </p>
        )}
        {isDeleted && (
          <p className="flex items-center gap-1.5 italic">
            <Ban className="size-4" /> {DELETED_MESSAGE}
          </p>
        )}
      </div>
      {outboxStatus === 'failed' && (
        <div className="chat-footer mt-1 flex items-center gap-1 text-xs text-danger" role="alert">
          <CircleAlert className="size-3.5" aria-hidden="true" />
          <span>Not sent —</span>
          <button type="button" className="link font-semibold" onClick={onRetry}>
            Retry
          </button>
          <button type="button" className="btn btn-ghost btn-xs" aria-label="Delete unsent message" onClick={onDiscard}>
            <Trash2 className="size-3" />
          </button>
        </div>
      )}
      <MessageReactions
        reactions={message.reactions}
        myId={myId}
        nameOf={nameOf}
        onToggle={acts && isStored && onReact ? (emoji) => onReact(message, emoji) : undefined}
      />
    </div>
  );
}
