import type { Message } from '@chat/contracts';
import { Star } from 'lucide-react';
import { formatMessageTime } from '../../lib/format-time';
import { MessageStatus, statusOf } from '../../ui/message-status';
import { useTranslation } from 'react-i18next';

interface MessageMetaProps {
  message: Message;
  isOwn: boolean;
  /** On its way: a clock instead of ticks. */
  isPending: boolean;
  /** Not sent: no ticks at all (the line under it says so). */
  isFailed: boolean;
}

/** In a bubble's corner, as every messenger: when it was sent, "edited", a star, and my message's ticks. */
export function MessageMeta({ message, isOwn, isPending, isFailed }: MessageMetaProps) {
  const { t } = useTranslation();
  const isDeleted = message.deletedAt !== null;
  return (
    <span className="inline-flex items-center gap-1 text-[0.6875rem] leading-none whitespace-nowrap" data-testid="message-meta">
      {message.editedAt && !isDeleted && <span>{t('edited')}</span>}
      {message.starred && !isDeleted && <Star className="size-3 fill-current" role="img" aria-label={t('Starred')} />}
      <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      {isOwn && !isDeleted && !isFailed && <MessageStatus status={isPending ? 'sending' : statusOf(message)} message={message} />}
    </span>
  );
}
