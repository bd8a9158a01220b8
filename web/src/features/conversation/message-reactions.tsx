import type { Reaction } from '@chat/contracts';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../lib/intl';

interface MessageReactionsProps {
  reactions: Reaction[];
  myId: string;
  /** Who a user id is, as the chat names them ("You" for me). */
  nameOf(userId: string): string;
  /** Toggles my reaction with this emoji. */
  onToggle?(emoji: string): void;
}

/** The reactions under a bubble: each emoji with how many gave it; mine stands out and a click takes it back. */
export function MessageReactions({ reactions, myId, nameOf, onToggle }: MessageReactionsProps) {
  const { t } = useTranslation();
  if (reactions.length === 0) return null;
  return (
    <div className="chat-footer mt-1 flex flex-wrap gap-1" data-testid="message-reactions">
      {reactions.map(({ emoji, userIds }) => {
        const mine = userIds.includes(myId);
        const who = formatList(userIds.map(nameOf));
        return (
          <button
            key={emoji}
            type="button"
            className={`btn h-6 min-h-0 gap-1 rounded-full px-2 text-sm ${mine ? 'btn-primary btn-soft border-primary' : 'btn-ghost bg-base-200'}`}
            aria-pressed={mine}
            aria-label={t('{{emoji}} from {{who}}', { emoji, who })}
            title={who}
            onClick={() => onToggle?.(emoji)}
          >
            <span>{emoji}</span>
            {userIds.length > 1 && <span className="text-xs">{userIds.length}</span>}
          </button>
        );
      })}
    </div>
  );
}
