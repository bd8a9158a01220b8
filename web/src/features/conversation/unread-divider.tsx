import { UNREAD_COUNT_CAP } from '@chat/contracts';
import { useTranslation } from 'react-i18next';

/** Where the messages unread when the conversation was opened begin: "3 unread messages", "100+ unread messages". */
export function UnreadDivider({ count }: { count: number }) {
  const { t } = useTranslation();
  const shown = count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
  return (
    <div className="my-3 flex items-center gap-3 text-xs font-semibold text-highlight" data-testid="unread-divider">
      <span className="h-px flex-1 bg-current opacity-40" aria-hidden="true" />
      {t('{{shown}} unread messages', { count, shown })}
      <span className="h-px flex-1 bg-current opacity-40" aria-hidden="true" />
    </div>
  );
}
