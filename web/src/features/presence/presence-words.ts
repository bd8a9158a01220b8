import { formatLastSeen } from '../../lib/format-time';
import { t } from '../../i18n';

/**
 * A contact's presence in words, one wording for the list and the conversation's header so they
 * never disagree: "Online", or "Offline", which the header (room enough) follows with when they were
 * last seen, where they share it.
 */
export function presenceWords(isOnline: boolean, lastSeen: string | null = null): string {
  if (isOnline) return t('Online');
  return lastSeen ? t('Offline · {{lastSeen}}', { lastSeen: formatLastSeen(lastSeen) }) : t('Offline');
}
