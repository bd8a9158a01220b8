import { EDIT_WINDOW_MINUTES, type Message } from '@chat/contracts';
import { Ban, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { DELETED_MESSAGE } from '../lib/message-preview';
import { avatarOf } from '../lib/avatar';
import { formatMessageTime } from '../lib/format-time';
import { MessageStatus, statusOf } from './message-status';

interface ChatMessageProps {
  message: Message;
  isOwn: boolean;
  avatar: string;
  /** Not stored yet: shown with a clock. */
  isPending?: boolean;
  /** Shows the message's image at full size. */
  onOpenImage?(image: string): void;
  /** Starts editing this message's text (offered on my own text messages while they may be edited). */
  onEdit?(message: Message): void;
  /** Asks to delete this message of mine for everyone. */
  onDelete?(message: Message): void;
}

const mayEdit = (message: Message) =>
  message.text !== null && Date.now() - Date.parse(message.createdAt) < EDIT_WINDOW_MINUTES * 60_000;

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

export function ChatMessage({ message, isOwn, avatar, isPending = false, onOpenImage, onEdit, onDelete }: ChatMessageProps) {
  const isDeleted = message.deletedAt !== null;
  const mine = isOwn && !isPending && !isDeleted;
  return (
    <div className={`group chat ${isOwn ? 'chat-end' : 'chat-start'}`} data-testid="chat-message">
      <div className="chat-image avatar">
        <div className="size-10 rounded-full border border-base-300">
          <img src={avatarOf(avatar)} alt="" />
        </div>
      </div>
      <div className="chat-header mb-1 flex items-center gap-1">
        <time className="ml-1 text-xs opacity-50" dateTime={message.createdAt}>
          {formatMessageTime(message.createdAt)}
        </time>
        {message.editedAt && <span className="text-xs opacity-50">edited</span>}
        {isOwn && !isDeleted && <MessageStatus status={isPending ? 'sending' : statusOf(message)} />}
        {mine && onEdit && mayEdit(message) && (
          <MessageAction label="Edit message" onClick={() => onEdit(message)}>
            <Pencil className="size-3" />
          </MessageAction>
        )}
        {mine && onDelete && (
          <MessageAction label="Delete message" onClick={() => onDelete(message)}>
            <Trash2 className="size-3" />
          </MessageAction>
        )}
      </div>
      <div className={`chat-bubble flex flex-col ${isOwn ? 'chat-bubble-primary' : ''}`}>
        {message.image && (
          <button
            type="button"
            className="mb-2 cursor-zoom-in"
            aria-label="Open image"
            onClick={() => message.image && onOpenImage?.(message.image)}
          >
            <img src={message.image} alt="Attachment" className="max-w-[200px] rounded-md" loading="lazy" />
          </button>
        )}
        {message.text && <p className="break-words whitespace-pre-wrap">{message.text}</p>}
        {isDeleted && (
          <p className="flex items-center gap-1.5 italic opacity-70">
            <Ban className="size-4" /> {DELETED_MESSAGE}
          </p>
        )}
      </div>
    </div>
  );
}
