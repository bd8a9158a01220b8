import type { Message } from '@chat/contracts';
import { Check, CheckCheck, Clock } from 'lucide-react';
import { formatDayTime } from '../lib/format-time';
import { t, translatable } from '../i18n';
import { useTranslation } from 'react-i18next';

export type MessageStatusKind = 'sending' | 'sent' | 'delivered' | 'read';

/** Where my message is: on its way, stored, on a device of theirs, or read. */
export const statusOf = (message: Pick<Message, 'deliveredAt' | 'readAt'>): MessageStatusKind =>
  message.readAt ? 'read' : message.deliveredAt ? 'delivered' : 'sent';

const LABELS: Record<MessageStatusKind, string> = {
  sending: translatable('Sending'),
  sent: translatable('Sent'),
  delivered: translatable('Delivered'),
  read: translatable('Read'),
};

/** When it was delivered and read, as its tooltip says it: "Read 10:42 AM · Delivered 10:41 AM". */
const receiptTimes = ({ deliveredAt, readAt }: Partial<Pick<Message, 'deliveredAt' | 'readAt'>>): string =>
  [
    readAt && t('Read {{time}}', { time: formatDayTime(readAt) }),
    deliveredAt && t('Delivered {{time}}', { time: formatDayTime(deliveredAt) }),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The ticks under my own messages: a clock, one tick, two, two in the theme's accent once read;
 * given the message, hovering them says when it was delivered and read.
 */
export function MessageStatus({
  status,
  message = {},
  className = '',
}: {
  status: MessageStatusKind;
  message?: Partial<Pick<Message, 'deliveredAt' | 'readAt'>>;
  className?: string;
}) {
  const { t: translate } = useTranslation();
  const Icon = status === 'sending' ? Clock : status === 'sent' ? Check : CheckCheck;
  const colour = status === 'read' ? 'text-accent' : 'opacity-60';
  return (
    <span
      className={`inline-flex shrink-0 items-center ${colour} ${className}`}
      role="img"
      aria-label={translate(LABELS[status])}
      title={receiptTimes(message) || translate(LABELS[status])}
      data-status={status}
    >
      <Icon size={14} strokeWidth={2.5} aria-hidden="true" />
    </span>
  );
}
