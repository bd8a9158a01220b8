import { MAX_TEXT, TEXT_TOO_LONG } from '@chat/contracts';
import { formatNumber } from '../../lib/intl';
import { useTranslation } from 'react-i18next';

/** How close to the limit a text must come before the counter shows. */
const SHOWN_FROM = MAX_TEXT - 200;

/** Near the limit, how much of it the text uses; past it, by how much it is too long (nothing is cut). */
export function TextCounter({ length }: { length: number }) {
  const { t } = useTranslation();
  if (length < SHOWN_FROM) return null;
  const over = length > MAX_TEXT;
  return (
    <p
      className={`absolute -top-5 end-0 text-xs tabular-nums ${over ? 'font-semibold text-danger' : 'text-muted'}`}
      aria-live="polite"
      data-testid="text-counter"
    >
      {over
        ? t('{{limit}}: {{count, number}} too many', { limit: t(TEXT_TOO_LONG), count: length - MAX_TEXT })
        : `${formatNumber(length)} / ${formatNumber(MAX_TEXT)}`}
    </p>
  );
}
