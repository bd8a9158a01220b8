import type { Contact, Group, GroupMember } from '@chat/contracts';
import { MessageSquareText, ShieldCheck, ShieldOff, UserRoundMinus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { usePresenceStore } from '../../store/use-presence-store';
import { MenuItem, MenuPanel } from '../../ui/menu';
import { PeopleSearchField } from '../../ui/people-search-field';
import { usePopover } from '../../ui/use-popover';
import { presenceWords } from '../presence';
import { groupsApi } from './groups-api';
import { peopleById } from './groups-slice';

/** How many members the info shows before "View all", as WhatsApp shows a big group's first ones. */
const FIRST_SHOWN = 10;

/** A member as the list shows them: their account, and the name they go by here ("You" for me). */
export interface ListedMember {
  member: GroupMember;
  person: Contact | undefined;
  name: string;
  isMe: boolean;
}

/** Me first, then the admins, then everyone else, each by name, as WhatsApp lists a group's members. */
function useListedMembers(group: Group): ListedMember[] {
  const { t } = useTranslation();
  const myId = useAuthStore((state) => state.authUser?._id);
  return useMemo(() => {
    const people = peopleById(group.people);
    const rank = ({ member, isMe }: ListedMember) => (isMe ? 0 : member.role === 'admin' ? 1 : 2);
    const listed = group.members.map((member) => {
      const person = people.get(member.userId);
      const isMe = member.userId === myId;
      return { member, person, isMe, name: isMe ? t('You') : (person?.fullName ?? t('Someone')) };
    });
    return listed.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  }, [group.members, group.people, myId, t]);
}

/** The members a search finds by a word of their name, or, without one, the first ones unless all are asked for. */
function shownOf(listed: ListedMember[], query: string, showsAll: boolean): ListedMember[] {
  const words = query.trim().toLocaleLowerCase();
  if (words) return listed.filter(({ name }) => name.toLocaleLowerCase().includes(words));
  return showsAll ? listed : listed.slice(0, FIRST_SHOWN);
}

/**
 * Who is in the group, with their presence and role: the first ten, then "View all", and a search
 * by name once there are more. A member's row opens their menu: "Message", and for an admin their
 * role and "Remove" (`onRemove` asks first).
 */
export function GroupMembers({ group, isAdmin, onRemove }: { group: Group; isAdmin: boolean; onRemove(listed: ListedMember): void }) {
  const { t } = useTranslation();
  const listed = useListedMembers(group);
  const [query, setQuery] = useState('');
  const [showsAll, setShowsAll] = useState(false);
  const [menuOf, setMenuOf] = useState<string | null>(null);
  const closeMenu = useCallback(() => setMenuOf(null), []);
  const onlineUsers = usePresenceStore((state) => state.onlineUsers);
  const online = useMemo(() => new Set(onlineUsers), [onlineUsers]);
  const shown = shownOf(listed, query, showsAll);
  const hidden = query.trim() ? 0 : listed.length - shown.length;
  return (
    <section aria-labelledby="group-members" className="border-b border-base-300 px-2 py-3">
      <h3 id="group-members" className="px-2 text-sm font-medium text-muted">
        {t('{{count}} members', { count: group.memberCount })}
      </h3>
      {listed.length > FIRST_SHOWN && (
        <div className="p-2">
          <PeopleSearchField label={t('Search members')} placeholder={t('Search members')} value={query} onChange={setQuery} className="" />
        </div>
      )}
      <ul>
        {shown.map((entry) => (
          <li key={entry.member.userId} className="relative">
            <MemberRow
              listed={entry}
              isOnline={online.has(entry.member.userId)}
              isMenuOpen={menuOf === entry.member.userId}
              onOpenMenu={setMenuOf}
            />
            {menuOf === entry.member.userId && <MemberMenu listed={entry} canManage={isAdmin} onClose={closeMenu} onRemove={onRemove} />}
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="p-2 text-sm text-muted">{t('Nobody matches “{{query}}”', { query: query.trim() })}</p>}
      {hidden > 0 && (
        <button type="button" className="btn btn-ghost btn-sm mx-2 text-highlight" onClick={() => setShowsAll(true)}>
          {t('View all ({{count}} more)', { count: hidden })}
        </button>
      )}
    </section>
  );
}

interface MemberRowProps {
  listed: ListedMember;
  isOnline: boolean;
  isMenuOpen: boolean;
  onOpenMenu(userId: string): void;
}

/** A member's picture, name, presence and role; another's row opens their menu. */
function MemberRow({ listed: { member, person, name, isMe }, isOnline, isMenuOpen, onOpenMenu }: MemberRowProps) {
  const { t } = useTranslation();
  const content = (
    <>
      <img src={avatarOf(person?.profilePic)} alt="" className="size-10 shrink-0 rounded-full object-cover" />
      <span className="min-w-0 flex-1 text-start">
        {/* The name isolated in a line of the page's direction: a Latin name stays at the start of an Arabic page's row. */}
        <span className="block truncate font-medium">
          <bdi>{name}</bdi>
        </span>
        {!isMe && <span className="block truncate text-xs font-normal text-muted">{presenceWords(isOnline)}</span>}
      </span>
      {member.role === 'admin' && <span className="badge badge-outline badge-sm shrink-0">{t('Group admin')}</span>}
    </>
  );
  if (isMe) {
    return (
      <div className="flex items-center gap-3 rounded-md p-2" data-testid="group-member">
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="flex w-full items-center gap-3 rounded-md p-2 hover:bg-base-200 focus-visible:bg-base-200"
      data-testid="group-member"
      aria-haspopup="menu"
      aria-expanded={isMenuOpen}
      onClick={() => onOpenMenu(member.userId)}
    >
      {content}
    </button>
  );
}

interface MemberMenuProps {
  listed: ListedMember;
  /** I am an admin: their role and place are mine to change. */
  canManage: boolean;
  onClose(): void;
  onRemove(listed: ListedMember): void;
}

/** What may be done with another member: write to them, and for an admin make or dismiss them as admin, or remove them. */
function MemberMenu({ listed, canManage, onClose, onRemove }: MemberMenuProps) {
  const { t } = useTranslation();
  const ref = usePopover(onClose);
  // The last rows' menu opens below the panel's fold: the panel scrolls to show all of it.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [ref]);
  const { member, person, name } = listed;
  const isAdmin = member.role === 'admin';
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  const setRole = () =>
    void useChatStore.getState().changeGroup((groupId) => groupsApi.setRole(groupId, member.userId, isAdmin ? 'member' : 'admin'));
  return (
    <MenuPanel panelRef={ref} label={t('Actions for {{name}}', { name })}>
      {person && (
        <MenuItem icon={<MessageSquareText />} onClick={choose(() => useChatStore.getState().setSelectedUser(person))}>
          {t('Message {{name}}', { name })}
        </MenuItem>
      )}
      {canManage && (
        <>
          <MenuItem icon={isAdmin ? <ShieldOff /> : <ShieldCheck />} onClick={choose(setRole)}>
            {isAdmin ? t('Dismiss as admin') : t('Make group admin')}
          </MenuItem>
          <MenuItem icon={<UserRoundMinus />} isDanger onClick={choose(() => onRemove(listed))}>
            {t('Remove {{name}}', { name })}
          </MenuItem>
        </>
      )}
    </MenuPanel>
  );
}
