import type { MuteDuration } from '@chat/contracts';
import {
  Archive,
  ArchiveRestore,
  Ban,
  Bell,
  BellOff,
  CheckSquare,
  Eraser,
  EllipsisVertical,
  Info,
  MessageSquareDot,
  Pin,
  PinOff,
  Trash2,
} from 'lucide-react';
import toast from 'react-hot-toast';
import { useCallback, useEffect, useState } from 'react';
import { formatDayTime } from '../../lib/format-time';
import { usePopover } from '../../ui/use-popover';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore, type ChatState } from '../../store/use-chat-store';
import type { GroupMark } from '../groups';
import { isMuted, useNotificationStore } from '../../store/use-notification-store';
import { useTranslation } from 'react-i18next';
import { translatable } from '../../i18n';
import { HEADER_BUTTON } from '../../ui/header-button';
import { MenuItem, MenuPanel } from '../../ui/menu';

const MUTE_CHOICES: { duration: MuteDuration; label: string }[] = [
  { duration: '8h', label: translatable('8 hours') },
  { duration: '1w', label: translatable('1 week') },
  { duration: 'always', label: translatable('Always') },
];

interface ConversationMenuProps {
  /** Whose conversation: a person's id, or a group's with `isGroup`. */
  userId: string;
  /** A group's: its info, pin, archive, unread, mute and select (clearing and blocks are a person's). */
  isGroup?: boolean;
  /** Offered when given: blocking them (while not blocked already), clearing the chat, deleting a group I am out of. */
  onBlock?(): void;
  onClear?(): void;
  onDelete?(): void;
  onShowInfo(): void;
}

/**
 * The conversation's "⋮" menu, as WhatsApp and Telegram keep theirs: contact info, pin, archive, mark
 * unread, mute (for how long asked in the same menu), select messages, clear and block; a group's
 * offers its info, pin, archive, unread, mute, select and clear, and delete once I am out of it. Pin, archive, unread and clear are offered
 * once there is a conversation (a message either way, even one cleared since; a group always has
 * its first line); block while it is not closed already.
 */
export function ConversationMenu(props: ConversationMenuProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="relative">
      <button
        type="button"
        className={HEADER_BUTTON}
        onClick={() => setOpen(!isOpen)}
        aria-label={t('Conversation menu')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        title={t('Menu')}
      >
        <EllipsisVertical className="size-5" />
      </button>
      {isOpen && <ConversationMenuList {...props} onClose={close} />}
    </div>
  );
}

/** Closes the menu, then does what was chosen. */
type Choose = (action: () => void) => () => void;

function ConversationMenuList({
  userId,
  isGroup = false,
  onBlock,
  onClear,
  onDelete,
  onShowInfo,
  onClose,
}: ConversationMenuProps & { onClose(): void }) {
  const { t } = useTranslation();
  const ref = usePopover(onClose);
  const [isAskingMuteLength, setAskingMuteLength] = useState(false);
  const entry = useChatStore((state) => state.users.find((user) => user._id === userId));
  const hasMessages = useChatStore((state) => state.messages.length > 0);
  const hasConversation = isGroup || hasMessages || Boolean(entry?.lastMessage ?? entry?.latestMessageId);
  const mute = useNotificationStore((state) => state.mute);

  useEffect(() => {
    if (isAskingMuteLength) ref.current?.querySelector('button')?.focus();
  }, [isAskingMuteLength, ref]);

  const choose: Choose = (action) => () => {
    onClose();
    action();
  };

  if (isAskingMuteLength) {
    return (
      <MenuPanel panelRef={ref} label={t('Mute notifications for')}>
        {MUTE_CHOICES.map(({ duration, label }) => (
          <MenuItem key={duration} onClick={choose(() => void mute(userId, duration))}>
            {t(label)}
          </MenuItem>
        ))}
      </MenuPanel>
    );
  }
  return (
    <MenuPanel panelRef={ref} label={t('Conversation actions')}>
      <MenuItem icon={<Info />} onClick={choose(onShowInfo)}>
        {isGroup ? t('Group info') : t('Contact info')}
      </MenuItem>
      {hasConversation && <ConversationStateItems id={userId} isGroup={isGroup} choose={choose} />}
      <MuteItem userId={userId} choose={choose} onAskLength={() => setAskingMuteLength(true)} />
      {(hasMessages || hasConversation) && (
        <MenuItem icon={<CheckSquare />} onClick={choose(() => useChatStore.getState().setSelecting(true))}>
          {t('Select messages')}
        </MenuItem>
      )}
      {hasConversation && onClear && (
        <MenuItem icon={<Eraser />} onClick={choose(onClear)}>
          {t('Clear chat')}
        </MenuItem>
      )}
      {onBlock && (
        <MenuItem icon={<Ban />} onClick={choose(onBlock)}>
          {t('Block contact')}
        </MenuItem>
      )}
      {onDelete && (
        <MenuItem icon={<Trash2 />} isDanger onClick={choose(onDelete)}>
          {t('Delete group')}
        </MenuItem>
      )}
    </MenuPanel>
  );
}

/** Whether my conversation with a person, or a group (`isGroup`), is pinned and archived. */
function marksOf(state: ChatState, id: string, isGroup: boolean) {
  if (isGroup) {
    const group = state.groups.find((entry) => entry.group._id === id);
    return { isPinned: Boolean(group?.pinnedAt), isArchived: Boolean(group?.archived) };
  }
  const person = state.users.find((entry) => entry._id === id);
  return { isPinned: Boolean(person?.pinned), isArchived: Boolean(person?.archived) };
}

/** Pins, archives or marks unread my conversation with a person, or a group (or undoes it). */
function setMark(id: string, isGroup: boolean, mark: GroupMark, on: boolean) {
  const chat = useChatStore.getState();
  if (isGroup) void chat.setGroupMark(id, mark, on);
  else if (mark === 'pinned') void chat.setPinned(id, on);
  else if (mark === 'archived') void chat.setArchived(id, on);
  else void chat.setMarkedUnread(id, on);
}

/** Pin, archive and mark unread: offered once there is a conversation. */
function ConversationStateItems({ id, isGroup, choose }: { id: string; isGroup: boolean; choose: Choose }) {
  const { t } = useTranslation();
  const { isPinned, isArchived } = useChatStore(useShallow((state) => marksOf(state, id, isGroup)));
  const mark = (which: GroupMark, on: boolean) => setMark(id, isGroup, which, on);
  const close = () => (isGroup ? useChatStore.getState().setSelectedGroup(null) : useChatStore.getState().setSelectedUser(null));
  return (
    <>
      <MenuItem icon={isPinned ? <PinOff /> : <Pin />} onClick={choose(() => mark('pinned', !isPinned))}>
        {isPinned ? t('Unpin chat') : t('Pin chat')}
      </MenuItem>
      <MenuItem
        icon={isArchived ? <ArchiveRestore /> : <Archive />}
        onClick={choose(() => {
          mark('archived', !isArchived);
          if (isArchived) return;
          // It leaves the list it was opened from, so it closes, and says where it went.
          close();
          toast.success(t('Chat archived'));
        })}
      >
        {isArchived ? t('Unarchive chat') : t('Archive chat')}
      </MenuItem>
      <MenuItem
        icon={<MessageSquareDot />}
        onClick={choose(() => {
          // Closed, as a mail client does, so that it stays unread until opened again.
          close();
          mark('markedUnread', true);
        })}
      >
        {t('Mark as unread')}
      </MenuItem>
    </>
  );
}

/** Unmute (saying until when it is muted), or mute, which asks for how long in the same menu. */
function MuteItem({ userId, choose, onAskLength }: { userId: string; choose: Choose; onAskLength(): void }) {
  const { t } = useTranslation();
  const mutedUntil = useNotificationStore((state) => state.mutes[userId]);
  const muted = useNotificationStore((state) => isMuted(state.mutes, userId));
  const unmute = useNotificationStore((state) => state.unmute);
  if (!muted) {
    return (
      <MenuItem icon={<BellOff />} onClick={onAskLength} hasPopup>
        {t('Mute notifications')}
      </MenuItem>
    );
  }
  return (
    <MenuItem
      icon={<Bell />}
      onClick={choose(() => void unmute(userId))}
      detail={mutedUntil ? t('Muted until {{time}}', { time: formatDayTime(mutedUntil) }) : t('Muted always')}
    >
      {t('Unmute notifications')}
    </MenuItem>
  );
}
