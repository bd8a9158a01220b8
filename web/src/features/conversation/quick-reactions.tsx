import { QUICK_REACTIONS } from '@chat/contracts';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface QuickReactionsProps {
  className: string;
  onPick(emoji: string): void;
  /** "+": any other emoji. */
  onMore(): void;
  /** In a menu, each is one of its items. */
  role?: 'menuitem';
}

/** The reactions one taps most, in a row, and "+" for any other emoji. */
export function QuickReactions({ className, onPick, onMore, role }: QuickReactionsProps) {
  const { t } = useTranslation();
  const button = 'btn btn-ghost btn-sm btn-circle max-md:size-11';
  return (
    <div className={`flex items-center gap-0.5 ${className}`}>
      {QUICK_REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          role={role}
          className={`${button} text-lg`}
          aria-label={t('React {{emoji}}', { emoji })}
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
      <button type="button" role={role} className={button} aria-label={t('More reactions')} onClick={onMore}>
        <Plus className="size-4" />
      </button>
    </div>
  );
}
