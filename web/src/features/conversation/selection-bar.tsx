import type { Message } from '@chat/contracts';
import type { ReactNode } from 'react';
import { Forward, Star, StarOff, Trash2, X } from 'lucide-react';
import { useChatStore } from '../../store/use-chat-store';
import { useTranslation } from 'react-i18next';

interface SelectionBarProps {
  /** The messages chosen, in the conversation's order. */
  chosen: Message[];
  onForward(messages: Message[]): void;
  onDelete(messages: Message[]): void;
}

/**
 * In place of the message input while messages are being chosen: how many, and what to do with
 * them all at once (star or unstar, forward, delete), as WhatsApp's "Select messages" bar.
 */
export function SelectionBar({ chosen, onForward, onDelete }: SelectionBarProps) {
  const { t } = useTranslation();
  const { setSelecting, setStarred } = useChatStore.getState();
  const allStarred = chosen.length > 0 && chosen.every((message) => message.starred);
  const live = chosen.filter((message) => message.deletedAt === null);
  const toggleStars = () => {
    for (const message of live) if (Boolean(message.starred) === allStarred) void setStarred(message._id, !allStarred);
    setSelecting(false);
  };
  return (
    <div className="flex items-center gap-2 border-t border-base-300 p-4" role="toolbar" aria-label={t('Selected messages')}>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-circle"
        onClick={() => setSelecting(false)}
        aria-label={t('Cancel selection')}
      >
        <X className="size-5" />
      </button>
      <span className="flex-1 text-sm" aria-live="polite">
        {t('{{count}} selected', { count: chosen.length })}
      </span>
      <BarAction
        label={allStarred ? t('Unstar messages') : t('Star messages')}
        title={allStarred ? t('Unstar') : t('Star')}
        onClick={toggleStars}
        disabled={live.length === 0}
      >
        {allStarred ? <StarOff className="size-5" /> : <Star className="size-5" />}
      </BarAction>
      <BarAction label={t('Forward messages')} title={t('Forward')} onClick={() => onForward(live)} disabled={live.length === 0}>
        <Forward className="size-5" />
      </BarAction>
      <BarAction label={t('Delete messages')} title={t('Delete')} onClick={() => onDelete(chosen)} disabled={chosen.length === 0}>
        <Trash2 className="size-5" />
      </BarAction>
    </div>
  );
}

/** One of the bar's actions on the chosen messages, an icon named for what it does. */
function BarAction({
  label,
  title,
  onClick,
  disabled,
  children,
}: {
  label: string;
  title: string;
  onClick(): void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-circle"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={title}
    >
      {children}
    </button>
  );
}
