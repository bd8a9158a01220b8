import { ArrowLeft, Info, Search, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../store/use-chat-store';
import { usePresenceStore } from '../../store/use-presence-store';
import { HeaderIconButton } from '../../ui/header-button';
import { useShallow } from 'zustand/react/shallow';
import { typistsIn } from '../typing';
import { GroupAvatar } from '../../ui/group-avatar';
import { GroupInfo } from './group-info';
import { TypingWords } from './typing-words';

interface GroupHeaderProps {
  /** Its "⋮" menu, given the way to open the group's info. */
  menu(showInfo: () => void): ReactNode;
  onSearch(): void;
  /** The group's "Media, links and docs" in its info, given the way to close the info. */
  shared(closeInfo: () => void): ReactNode;
}

/**
 * The open group: its picture and name, who is typing or how many are in it and online, its search,
 * its menu, and the way out.
 */
export function GroupHeader({ menu, onSearch, shared }: GroupHeaderProps) {
  const { t } = useTranslation();
  const group = useChatStore((state) => state.selectedGroup);
  const typists = useChatStore(useShallow((state) => (group ? typistsIn(state.typingUsers, group._id) : [])));
  const onlineUsers = usePresenceStore((state) => state.onlineUsers);
  // Open for the group it was opened on: another group opened closes it.
  const [infoFor, setInfoFor] = useState<string | null>(null);
  if (!group) return null;
  const infoOpen = infoFor === group._id;
  const setInfoOpen = (open: boolean) => setInfoFor(open ? group._id : null);
  const close = () => useChatStore.getState().setSelectedGroup(null);
  const onlineCount = group.members.filter((member) => onlineUsers.includes(member.userId)).length;
  const members = t('{{count}} members', { count: group.memberCount });
  const online = t('{{count}} online', { count: onlineCount });
  const status = group.removed
    ? t('You are no longer a member')
    : group.members.length === 0
      ? members
      : t('{{members}}, {{online}}', { members, online });
  return (
    <div className="border-b border-base-300 p-2.5">
      <div className="flex items-center gap-1 md:gap-2">
        <HeaderIconButton className="md:hidden" label={t('Close chat')} onClick={close}>
          <ArrowLeft className="rtl:rotate-180" />
        </HeaderIconButton>
        {/* A click on the group opens its info, as in WhatsApp; from the keyboard, the "⋮" menu's first item, or the
            button beside it where there is room (a phone's header gives it to "N members, M online"). */}
        <div className="flex min-w-0 flex-1 cursor-pointer items-center gap-3" onClick={() => setInfoOpen(true)} title={t('Group info')}>
          <GroupAvatar picture={group.picture} name={group.name} className="size-10 shrink-0" />
          <div className="min-w-0">
            <h3 dir="auto" className="truncate font-medium">
              {group.name}
            </h3>
            <p className="truncate text-sm text-muted" data-testid="chat-status">
              {typists.length > 0 ? <TypingWords typists={typists} people={group.people} className="text-highlight" /> : status}
            </p>
          </div>
        </div>
        <HeaderIconButton label={t('Search in this conversation')} onClick={onSearch}>
          <Search className="size-5" />
        </HeaderIconButton>
        <HeaderIconButton className="hidden sm:flex" label={t('Group info')} onClick={() => setInfoOpen(true)}>
          <Info className="size-5" />
        </HeaderIconButton>
        {menu(() => setInfoOpen(true))}
        <HeaderIconButton className="hidden md:flex" label={t('Close chat')} onClick={close}>
          <X />
        </HeaderIconButton>
      </div>
      {infoOpen && <GroupInfo group={group} onClose={() => setInfoOpen(false)} shared={shared(() => setInfoOpen(false))} />}
    </div>
  );
}
