import { formatDuration, type CallLog } from '@chat/contracts';
import { t } from '../i18n';

/**
 * The line a call left, as one of its two people reads it: "Video call, 4:12" for both once
 * answered; "Missed voice call" to the person called and "Voice call, not answered" to the caller;
 * "Declined voice call" and "Voice call, declined".
 */
export function callWords({ video, outcome, seconds }: CallLog, isCaller: boolean): string {
  if (outcome === 'answered') {
    const length = formatDuration(seconds ?? 0);
    return video ? t('Video call, {{length}}', { length }) : t('Voice call, {{length}}', { length });
  }
  if (outcome === 'declined') {
    if (isCaller) return video ? t('Video call, declined') : t('Voice call, declined');
    return video ? t('Declined video call') : t('Declined voice call');
  }
  if (isCaller) return video ? t('Video call, not answered') : t('Voice call, not answered');
  return video ? t('Missed video call') : t('Missed voice call');
}
