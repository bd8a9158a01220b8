import type { GroupEntry } from '@chat/contracts';
import { useTranslation } from 'react-i18next';
import { formatInboxTime } from '../../lib/format-time';
import { messagePreview } from '../../lib/message-preview';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { isMuted, useNotificationStore } from '../../store/use-notification-store';
import { BellOff, Pin } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { typistsIn } from '../typing';
import { GroupAvatar } from '../../ui/group-avatar';
import { peopleById } from './groups-slice';
import { systemLineText } from './system-words';
import { TypingWords } from './typing-words';
import { DraftPreview, MarkedUnreadDot, RowButton, UnreadBadge } from '../../ui/inbox-row-parts';

interface GroupRowProps {
  entry: GroupEntry;
  isSelected: boolean;
  onSelect(): void;
}

/** A group as the inbox shows it: its picture and name, muted or not, its latest message with who wrote it ("Ann: …"), when, and what is unread. */
export function GroupRow({ entry, isSelected, onSelect }: GroupRowProps) {
  const { group, lastMessage, unreadCount } = entry;
  const typists = useChatStore(useShallow((state) => typistsIn(state.typingUsers, group._id)));
  const draft = useChatStore((state) => (isSelected ? '' : (state.drafts[group._id]?.trim() ?? '')));
  const muted = useNotificationStore((state) => isMuted(state.mutes, group._id));
  const { t } = useTranslation();
  return (
    <RowButton isSelected={isSelected} onSelect={onSelect} testId="group-row">
      <div className="relative shrink-0">
        <GroupAvatar picture={group.picture} name={group.name} />
        {unreadCount > 0 ? <UnreadBadge count={unreadCount} /> : entry.markedUnread && <MarkedUnreadDot />}
      </div>
      <div className="min-w-0 flex-1 text-start">
        <div className="flex items-baseline gap-2">
          <span dir="auto" className={`truncate ${unreadCount > 0 || entry.markedUnread ? 'font-bold' : 'font-medium'}`}>
            {group.name}
          </span>
          {entry.pinnedAt && <Pin className="size-3.5 shrink-0 text-muted" role="img" aria-label={t('Pinned')} />}
          {muted && <BellOff className="size-3.5 shrink-0 text-muted" role="img" aria-label={t('Muted')} />}
          {entry.mentioned && unreadCount > 0 && (
            <span className="badge badge-primary badge-sm shrink-0 font-bold" title={t('You were mentioned')} data-testid="mentioned">
              <span aria-hidden="true">@</span>
              <span className="sr-only">{t('You were mentioned')}</span>
            </span>
          )}
          {lastMessage && (
            <time dateTime={lastMessage.createdAt} className="ms-auto shrink-0 text-xs text-muted">
              {formatInboxTime(lastMessage.createdAt)}
            </time>
          )}
        </div>
        <div className="flex gap-1 text-sm text-muted">
          {typists.length > 0 ? (
            <TypingWords typists={typists} people={entry.people} className="truncate text-highlight" />
          ) : draft ? (
            <DraftPreview text={draft} />
          ) : (
            lastMessage && <GroupPreview entry={entry} />
          )}
        </div>
      </div>
    </RowButton>
  );
}

/** The group's latest message on one line, with who wrote it ("Ann: …", "You: …"), or its line ("Ann added Bob"). */
function GroupPreview({ entry }: { entry: GroupEntry }) {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.authUser?._id) ?? '';
  const message = entry.lastMessage!;
  const people = peopleById(entry.people);
  const nameOf = (userId: string) => people.get(userId)?.fullName;
  const text = message.system
    ? systemLineText(message.system, me, nameOf)
    : `${message.senderId === me ? t('You: ') : t('{{name}}: ', { name: nameOf(message.senderId) ?? t('Someone') })}${messagePreview(message)}`;
  return (
    <span className={`truncate ${entry.unreadCount > 0 ? 'text-base-content' : ''}`} data-testid="last-message">
      <bdi>{text}</bdi>
    </span>
  );
}
