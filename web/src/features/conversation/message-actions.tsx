import { EDIT_WINDOW_MINUTES, type Message } from '@chat/contracts';
import { Copy, Forward, Pencil, Reply, SmilePlus, Star, StarOff, Trash2 } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ReactionPicker } from './reaction-picker';

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

/** What one can do with a message; each is offered only when its handler is given. */
export interface MessageHandlers {
  /** Starts a reply to this message. */
  onReply?(message: Message): void;
  /** Toggles my reaction to this message. */
  onReact?(message: Message, emoji: string): void;
  /** Starts editing this message's text (offered on my own text messages while they may be edited). */
  onEdit?(message: Message): void;
  /** Asks to delete this message: mine for everyone or for me, anyone's for me. */
  onDelete?(message: Message): void;
  /** Asks whom to forward this message to. */
  onForward?(message: Message): void;
  /** Stars this message to find it again, or unstars it. */
  onToggleStar?(message: Message): void;
}

interface MessageActionsProps extends MessageHandlers {
  message: Message;
  isOwn: boolean;
  /** Stored and not deleted: a message one can answer, react to, forward, star. */
  isStored: boolean;
  /** Still in the outbox: not even deleted yet. */
  isPending: boolean;
}

/** The message's actions beside its time (reply, react, copy, forward, star, edit, delete), and the reaction picker. */
export function MessageActions({ message, isOwn, isStored, isPending, ...handlers }: MessageActionsProps) {
  const { onReply, onReact, onEdit, onDelete, onForward, onToggleStar } = handlers;
  const [isPickingReaction, setPickingReaction] = useState(false);
  const closePicker = useCallback(() => setPickingReaction(false), []);
  const text = message.text;
  return (
    <>
      {isStored && onReply && (
        <MessageAction label="Reply" onClick={() => onReply(message)}>
          <Reply className="size-3" />
        </MessageAction>
      )}
      {isStored && onReact && (
        <MessageAction label="React" onClick={() => setPickingReaction(true)}>
          <SmilePlus className="size-3" />
        </MessageAction>
      )}
      {isStored && text && (
        <MessageAction label="Copy text" onClick={() => copyText(text)}>
          <Copy className="size-3" />
        </MessageAction>
      )}
      {isStored && onForward && (
        <MessageAction label="Forward" onClick={() => onForward(message)}>
          <Forward className="size-3" />
        </MessageAction>
      )}
      {isStored && onToggleStar && (
        <MessageAction label={message.starred ? 'Unstar message' : 'Star message'} onClick={() => onToggleStar(message)}>
          {message.starred ? <StarOff className="size-3" /> : <Star className="size-3" />}
        </MessageAction>
      )}
      {isOwn && isStored && onEdit && mayEdit(message) && (
        <MessageAction label="Edit message" onClick={() => onEdit(message)}>
          <Pencil className="size-3" />
        </MessageAction>
      )}
      {!isPending && onDelete && (
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
    </>
  );
}
