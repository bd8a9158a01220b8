import type { Contact, Group, GroupMember } from '@chat/contracts';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { usePresenceStore } from '../../store/use-presence-store';
import { presenceWords } from '../presence';
import { groupsApi } from './groups-api';
import { peopleById } from './groups-slice';

/** Admins first, then by name; me first of all, as WhatsApp lists a group's members. */
function inListOrder(members: GroupMember[], people: Map<string, Contact>, myId: string | undefined): GroupMember[] {
  const rank = (member: GroupMember) => (member.userId === myId ? 0 : member.role === 'admin' ? 1 : 2);
  const name = (member: GroupMember) => people.get(member.userId)?.fullName ?? '';
  return [...members].sort((a, b) => rank(a) - rank(b) || name(a).localeCompare(name(b)));
}

/** Who is in the group, with their presence and role; an admin makes others admins, dismisses them, or removes them. */
export function GroupMembers({ group, isAdmin }: { group: Group; isAdmin: boolean }) {
  const { t } = useTranslation();
  const myId = useAuthStore((state) => state.authUser?._id);
  const people = peopleById(group.people);
  return (
    <section aria-labelledby="group-members" className="border-b border-base-300 px-2 py-3">
      <h3 id="group-members" className="px-2 text-sm font-medium text-muted">
        {t('{{count}} members', { count: group.memberCount })}
      </h3>
      <ul>
        {inListOrder(group.members, people, myId).map((member) => (
          <li key={member.userId}>
            <MemberRow member={member} person={people.get(member.userId)} isMe={member.userId === myId} canManage={isAdmin} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface MemberRowProps {
  member: GroupMember;
  person: Contact | undefined;
  isMe: boolean;
  /** I am an admin: this member's role and place are mine to change (not my own). */
  canManage: boolean;
}

function MemberRow({ member, person, isMe, canManage }: MemberRowProps) {
  const { t } = useTranslation();
  const isOnline = usePresenceStore((state) => state.onlineUsers.includes(member.userId));
  const changeGroup = useChatStore((state) => state.changeGroup);
  const name = isMe ? t('You') : (person?.fullName ?? t('Someone'));
  const isAdmin = member.role === 'admin';
  return (
    <div className="flex items-center gap-3 rounded-md p-2" data-testid="group-member">
      <img src={avatarOf(person?.profilePic)} alt="" className="size-10 shrink-0 rounded-full object-cover" />
      <div className="min-w-0 flex-1">
        {/* The name isolated in a line of the page's direction: a Latin name stays at the start of an Arabic page's row. */}
        <p className="truncate font-medium">
          <bdi>{name}</bdi>
        </p>
        {!isMe && <p className="truncate text-xs text-muted">{presenceWords(isOnline)}</p>}
      </div>
      {isAdmin && <span className="badge badge-outline badge-sm shrink-0">{t('Group admin')}</span>}
      {canManage && !isMe && (
        <div className="flex shrink-0 gap-1">
          {/* Each button's name is its words, then whose row it is: what is seen is what is said. */}
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => void changeGroup((groupId) => groupsApi.setRole(groupId, member.userId, isAdmin ? 'member' : 'admin'))}
          >
            {isAdmin ? t('Dismiss as admin') : t('Make admin')}
            <span className="sr-only"> {name}</span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs text-danger"
            onClick={() => void changeGroup((groupId) => groupsApi.remove(groupId, member.userId))}
          >
            {t('Remove')}
            <span className="sr-only"> {name}</span>
          </button>
        </div>
      )}
    </div>
  );
}
