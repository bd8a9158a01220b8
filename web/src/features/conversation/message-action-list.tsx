import { EDIT_WINDOW_MINUTES, type Message } from '@chat/contracts';
import { Copy, Forward, Info, Pencil, Pin, PinOff, Reply, Smile, SmilePlus, Star, StarOff, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { copyToClipboard } from '../../lib/clipboard';
import { t, translatable } from '../../i18n';

/** Whether my message may still have its text changed: a text, within the edit window. */
export const mayEdit = (message: Message) =>
  message.text !== null && Date.now() - Date.parse(message.createdAt) < EDIT_WINDOW_MINUTES * 60_000;

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
  /** Pins this message to the chat's top for everyone in it, or unpins it (given where I may). */
  onTogglePin?(message: Message): void;
  /** Shows who of its group has my message and who read it (offered on my own messages in a group). */
  onInfo?(message: Message): void;
  /** Shows who reacted to it and with what (offered once someone has): where no pointer hovers over a reaction, as on a phone. */
  onShowReactions?(message: Message): void;
}

export interface MessageState {
  message: Message;
  isOwn: boolean;
  /** Stored and not deleted: a message one can answer, react to, forward, star. */
  isStored: boolean;
  /** Still in the outbox: not even deleted yet. */
  isPending: boolean;
}

export interface MessageAction {
  /** What it is called, in English: the key its words are translated by where it is shown. */
  label: string;
  icon: ReactNode;
  run(): void;
  /**
   * Shown in one place only: React as a toolbar button (the menu has the quick reactions in its
   * place), who reacted in the menu (the toolbar's reactions name them in their tooltips).
   */
  only?: 'toolbar' | 'menu';
}

/**
 * The actions a message offers, in the order every place shows them (the buttons beside its time,
 * its menu): reply, react (which opens a picker: `onPickReaction`), who reacted, copy, forward, star, pin, edit, info, delete.
 */
export function messageActionsOf(
  { message, isOwn, isStored, isPending }: MessageState,
  handlers: MessageHandlers,
  onPickReaction: () => void,
) {
  const { onReply, onReact, onEdit, onDelete, onForward, onToggleStar, onTogglePin, onInfo, onShowReactions } = handlers;
  const text = message.text;
  const actions: (MessageAction | false | null | undefined | '' | 0)[] = [
    isStored && onReply && { label: translatable('Reply'), icon: <Reply />, run: () => onReply(message) },
    isStored && onReact && { label: translatable('React'), icon: <SmilePlus />, run: onPickReaction, only: 'toolbar' },
    isStored &&
      message.reactions.length > 0 &&
      onShowReactions && { label: translatable('Reactions'), icon: <Smile />, run: () => onShowReactions(message), only: 'menu' },
    isStored &&
      text && {
        label: translatable('Copy text'),
        icon: <Copy />,
        run: () => copyToClipboard(text, { copied: t('Copied'), failed: t('Could not copy the text') }),
      },
    isStored && onForward && { label: translatable('Forward'), icon: <Forward />, run: () => onForward(message) },
    isStored &&
      onToggleStar && {
        label: message.starred ? translatable('Unstar message') : translatable('Star message'),
        icon: message.starred ? <StarOff /> : <Star />,
        run: () => onToggleStar(message),
      },
    isStored &&
      onTogglePin && {
        label: message.pinnedAt ? translatable('Unpin message') : translatable('Pin message'),
        icon: message.pinnedAt ? <PinOff /> : <Pin />,
        run: () => onTogglePin(message),
        only: 'menu',
      },
    isOwn &&
      isStored &&
      onEdit &&
      mayEdit(message) && { label: translatable('Edit message'), icon: <Pencil />, run: () => onEdit(message) },
    isOwn && isStored && message.groupId && onInfo && { label: translatable('Message info'), icon: <Info />, run: () => onInfo(message) },
    !isPending && onDelete && { label: translatable('Delete message'), icon: <Trash2 />, run: () => onDelete(message) },
  ];
  return actions.filter((action): action is MessageAction => Boolean(action));
}
