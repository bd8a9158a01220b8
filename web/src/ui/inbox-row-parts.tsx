import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row of the inbox, a person's or a group's: the whole row opens its conversation; the open one is marked. */
export function RowButton({
  isSelected,
  onSelect,
  testId,
  children,
}: {
  isSelected: boolean;
  onSelect(): void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={isSelected ? 'true' : undefined}
      className={`flex w-full items-center gap-3 p-3 transition-colors hover:bg-base-300 ${isSelected ? 'bg-base-300 ring-1 ring-base-300' : ''}`}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** New messages in a conversation that is not open, on its picture ("99+" past 99). */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="badge badge-primary badge-sm absolute -top-1 -end-1 min-w-5 px-1 font-semibold"
      title={t('{{count}} unread', { count })}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('{{count}} unread', { count })}</span>
    </span>
  );
}

/** What I have written to a conversation and not sent, on one line (after a dot when something comes before it). */
export function DraftPreview({ text, afterDot = false }: { text: string; afterDot?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 items-center gap-1" data-testid="draft">
      {afterDot && '· '}
      <span className="shrink-0 font-semibold text-highlight">{t('Draft: ')}</span>
      <span dir="auto" className="truncate">
        {text}
      </span>
    </span>
  );
}

/** A conversation (or group) I marked unread to come back to, with nothing new in it. */
export function MarkedUnreadDot() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-primary absolute -top-0.5 -end-0.5 size-3.5 p-0" title={t('Marked unread')}>
      <span className="sr-only">{t('Marked unread')}</span>
    </span>
  );
}
