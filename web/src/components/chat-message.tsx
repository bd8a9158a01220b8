import type { Message } from '@chat/contracts';
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
}

export function ChatMessage({ message, isOwn, avatar, isPending = false, onOpenImage }: ChatMessageProps) {
  return (
    <div className={`chat ${isOwn ? 'chat-end' : 'chat-start'}`} data-testid="chat-message">
      <div className="chat-image avatar">
        <div className="size-10 rounded-full border border-base-300">
          <img src={avatarOf(avatar)} alt="" />
        </div>
      </div>
      <div className="chat-header mb-1 flex items-center gap-1">
        <time className="ml-1 text-xs opacity-50" dateTime={message.createdAt}>
          {formatMessageTime(message.createdAt)}
        </time>
        {isOwn && <MessageStatus status={isPending ? 'sending' : statusOf(message)} />}
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
      </div>
    </div>
  );
}
