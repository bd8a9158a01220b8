import type { InboxEntry } from '@chat/contracts';
import { Ban, BellOff, Pin } from 'lucide-react';
import { avatarOf } from '../../lib/avatar';
import { formatInboxTime } from '../../lib/format-time';
import { messagePreview } from '../../lib/message-preview';
import { MessageStatus, statusOf } from '../../ui/message-status';
import { useAuthStore } from '../../store/use-auth-store';
import { presenceWords } from '../presence';
import { useChatStore } from '../../store/use-chat-store';
import { isMuted, useNotificationStore } from '../../store/use-notification-store';
import { useTranslation } from 'react-i18next';
import { DraftPreview, MarkedUnreadDot, RowButton, UnreadBadge } from '../../ui/inbox-row-parts';

interface ContactRowProps {
  user: InboxEntry;
  isOnline: boolean;
  isSelected: boolean;
  onSelect(): void;
}

/** A contact as the inbox shows it: presence, the latest message and when, what is unread, and whether I blocked them. */
export function ContactRow({ user, isOnline, isSelected, onSelect }: ContactRowProps) {
  const { t } = useTranslation();
  const unread = user.unreadCount;
  const isTyping = useChatStore((state) => Boolean(state.typingUsers[user._id]));
  const muted = useNotificationStore((state) => isMuted(state.mutes, user._id));
  const blocked = useChatStore((state) => state.blockedUsers.some((blocked) => blocked._id === user._id));
  // The open conversation's draft is in its input; another's shows in its row, as in every messenger.
  const draft = useChatStore((state) => (isSelected ? '' : (state.drafts[user._id]?.trim() ?? '')));
  return (
    <RowButton isSelected={isSelected} onSelect={onSelect}>
      <div className="relative shrink-0">
        <img src={avatarOf(user.profilePic)} alt={user.fullName} className="size-12 rounded-full object-cover" />
        {isOnline && <span className="absolute end-0 bottom-0 size-3 rounded-full bg-green-500 ring-2 ring-base-100" aria-hidden="true" />}
        {unread > 0 ? <UnreadBadge count={unread} /> : user.markedUnread && <MarkedUnreadDot />}
      </div>
      <div className="min-w-0 flex-1 text-start">
        <div className="flex items-baseline gap-2">
          <span dir="auto" className={`truncate ${unread > 0 || user.markedUnread ? 'font-bold' : 'font-medium'}`}>
            {user.fullName}
          </span>
          {user.pinned && <Pin className="size-3.5 shrink-0 text-muted" role="img" aria-label={t('Pinned')} />}
          {muted && <BellOff className="size-3.5 shrink-0 text-muted" role="img" aria-label={t('Muted')} />}
          {blocked && <Ban className="size-3.5 shrink-0 text-danger" role="img" aria-label={t('Blocked')} />}
          {user.lastMessage && (
            <time dateTime={user.lastMessage.createdAt} className="ms-auto shrink-0 text-xs text-muted">
              {formatInboxTime(user.lastMessage.createdAt)}
            </time>
          )}
        </div>
        <div className="flex gap-1 text-sm text-muted">
          <span className="shrink-0">{presenceWords(isOnline)}</span>
          {isTyping ? (
            <span className="text-highlight">· {t('typing…')}</span>
          ) : draft ? (
            <DraftPreview text={draft} afterDot />
          ) : (
            user.lastMessage && <LastMessagePreview entry={user} />
          )}
        </div>
      </div>
    </RowButton>
  );
}

/** The latest message on one line: its text, or "📷 Photo", with "You: " before my own. */
function LastMessagePreview({ entry }: { entry: InboxEntry }) {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.authUser?._id);
  const message = entry.lastMessage!;
  return (
    <span className={`flex min-w-0 items-center gap-1 ${entry.unreadCount > 0 ? 'text-base-content' : ''}`} data-testid="last-message">
      {'· '}
      {message.senderId === me && !message.call && <MessageStatus status={statusOf(message)} />}
      <span className="truncate">
        {message.senderId === me && !message.call ? t('You: ') : ''}
        <bdi>{messagePreview(message, me)}</bdi>
      </span>
    </span>
  );
}
