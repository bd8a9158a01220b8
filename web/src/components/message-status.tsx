import type { Message } from '@chat/contracts';
import { Check, CheckCheck, Clock } from 'lucide-react';

export type MessageStatusKind = 'sending' | 'sent' | 'delivered' | 'read';

/** Where my message is: on its way, stored, on a device of theirs, or read. */
export const statusOf = (message: Pick<Message, 'deliveredAt' | 'readAt'>): MessageStatusKind =>
  message.readAt ? 'read' : message.deliveredAt ? 'delivered' : 'sent';

const LABELS: Record<MessageStatusKind, string> = { sending: 'Sending', sent: 'Sent', delivered: 'Delivered', read: 'Read' };

/** The ticks under my own messages: a clock, one tick, two, two in the theme's accent once read. */
export function MessageStatus({ status, className = '' }: { status: MessageStatusKind; className?: string }) {
  const Icon = status === 'sending' ? Clock : status === 'sent' ? Check : CheckCheck;
  const colour = status === 'read' ? 'text-accent' : 'opacity-60';
  return (
    <span className={`inline-flex shrink-0 items-center ${colour} ${className}`} role="img" aria-label={LABELS[status]} title={LABELS[status]} data-status={status}>
      <Icon size={14} strokeWidth={2.5} aria-hidden="true" />
    </span>
  );
}
