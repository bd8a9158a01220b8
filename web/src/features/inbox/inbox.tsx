import type { GroupEntry, InboxEntry } from '@chat/contracts';
import { Archive, ArrowLeft, Star, UserRoundPlus, Users } from 'lucide-react';
import { useEffect, useState, type UIEvent } from 'react';
import { CONTACT_SEARCH_ID } from './use-keyboard-shortcuts';
import { MessageSearchResults } from './message-search-results';
import { usePresenceStore } from '../../store/use-presence-store';
import { useChatStore } from '../../store/use-chat-store';
import { PEOPLE_SEARCH_PAUSE_MS, PeopleSearchField } from '../../ui/people-search-field';
import { InviteSomeone } from './invite-someone';
import { SidebarSkeleton } from './sidebar-skeleton';
import { LoadFailed } from '../../ui/load-failed';
import { ContactRow } from './contact-row';
import { useStarredStore } from '../../store/use-starred-store';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../i18n';
import { CreateGroupDialog, GroupRow, groupsMatching, withGroups, type InboxRow } from '../groups';

/** How long the count of those online must hold still before "Show online only" asks for the list again. */
const ONLINE_REFRESH_DELAY_MS = 500;
/** How close to the bottom a scroll must come to load the next page of contacts. */
const LOAD_MORE_THRESHOLD_PX = 200;

/** What the inbox shows and does, from the chat store. */
const useInboxState = () =>
  useChatStore(
    useShallow((state) => ({
      users: state.users,
      isUsersLoading: state.isUsersLoading,
      usersQuery: state.usersQuery,
      onlineOnly: state.onlineOnly,
      messageResults: state.messageResults,
      loadMoreUsers: state.loadMoreUsers,
      setOnlineOnly: state.setOnlineOnly,
      showArchived: state.showArchived,
      archivedCount: state.archivedCount,
      setShowArchived: state.setShowArchived,
      usersLoadFailed: state.usersLoadFailed,
      getUsers: state.getUsers,
      groups: state.groups,
    })),
  );

/** The inbox (or the archive) with its search and "Show online only". */
export function Inbox() {
  const { t } = useTranslation();
  const {
    users,
    isUsersLoading,
    usersQuery,
    onlineOnly,
    messageResults,
    loadMoreUsers,
    setOnlineOnly,
    showArchived,
    archivedCount,
    setShowArchived,
    usersLoadFailed,
    getUsers,
    groups,
  } = useInboxState();
  const onlineUsers = usePresenceStore((state) => state.onlineUsers);
  const onlineCount = usePresenceStore((state) => state.onlineCount ?? Math.max(0, state.onlineUsers.length - 1));
  const [search, setSearch] = useState(usersQuery);

  useInboxLoading(search, onlineCount);

  const online = new Set(onlineUsers);
  // The server's list of those online is filtered here too: whoever goes offline leaves it at once.
  const shown = onlineOnly ? users.filter((user) => online.has(user._id)) : users;
  const rows = rowsOf(shown, groups, { onlineOnly, showArchived, usersQuery });

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight < LOAD_MORE_THRESHOLD_PX) void loadMoreUsers();
  };

  const emptyText = emptyTextOf({ onlineOnly, usersQuery, showArchived });
  const archived = archivedCount + groups.filter((entry) => entry.archived).length;
  const offersArchive = !usersQuery && !onlineOnly && (showArchived || archived > 0);

  return (
    <>
      <InboxHeader search={search} onSearch={setSearch} onlineOnly={onlineOnly} onlineCount={onlineCount} onOnlineOnly={setOnlineOnly} />

      {offersArchive && <ArchiveToggle isOpen={showArchived} count={archived} onToggle={() => void setShowArchived(!showArchived)} />}

      {isUsersLoading ? (
        <SidebarSkeleton />
      ) : (
        <ul className="w-full overflow-y-auto py-3" onScroll={onScroll}>
          <InboxRows rows={rows} online={online} />
          {rows.length === 0 &&
            (usersLoadFailed ? (
              <li>
                <LoadFailed text={t('Your chats could not be loaded.')} onRetry={() => void getUsers()} />
              </li>
            ) : (
              <li className="py-4 text-center text-muted">
                {emptyText.text}
                {emptyText.offersInvite && <InviteSomeone />}
              </li>
            ))}
          {usersQuery && (
            <li>
              <MessageSearchResults results={messageResults} query={usersQuery} />
            </li>
          )}
        </ul>
      )}
    </>
  );
}

/** Each row of the list: a group's, or a person's with their presence; the open one marked. */
function InboxRows({ rows, online }: { rows: InboxRow[]; online: Set<string> }) {
  const { selectedUserId, selectedGroupId, setSelectedUser, setSelectedGroup } = useChatStore(
    useShallow((state) => ({
      selectedUserId: state.selectedUser?._id,
      selectedGroupId: state.selectedGroup?._id,
      setSelectedUser: state.setSelectedUser,
      setSelectedGroup: state.setSelectedGroup,
    })),
  );
  return rows.map((row) =>
    'group' in row ? (
      <li key={row.group.group._id}>
        <GroupRow
          entry={row.group}
          isSelected={selectedGroupId === row.group.group._id}
          onSelect={() => setSelectedGroup(row.group.group)}
        />
      </li>
    ) : (
      <li key={row.person._id}>
        <ContactRow
          user={row.person}
          isOnline={online.has(row.person._id)}
          isSelected={selectedUserId === row.person._id}
          onSelect={() => setSelectedUser(row.person)}
        />
      </li>
    ),
  );
}

/**
 * The list's rows: groups mix with the conversations, the archived ones in the archive; a search
 * finds them by name first; the online list is people's.
 */
function rowsOf(
  people: InboxEntry[],
  groups: GroupEntry[],
  { onlineOnly, showArchived, usersQuery }: { onlineOnly: boolean; showArchived: boolean; usersQuery: string },
): InboxRow[] {
  if (onlineOnly) return people.map((person) => ({ person }));
  if (usersQuery) return [...groupsMatching(groups, usersQuery).map((group) => ({ group })), ...people.map((person) => ({ person }))];
  return withGroups(
    people,
    groups.filter((entry) => Boolean(entry.archived) === showArchived),
  );
}

/**
 * The inbox's first page as it opens (and whom I blocked), again as typing in its search pauses,
 * and, while it shows those online, again once their count holds still: someone who came online
 * since the list was asked for shows.
 */
function useInboxLoading(search: string, onlineCount: number): void {
  const getUsers = useChatStore((state) => state.getUsers);
  const searchUsers = useChatStore((state) => state.searchUsers);
  useEffect(() => {
    void getUsers();
    void useChatStore.getState().getGroups();
    void useChatStore.getState().loadBlockedUsers();
  }, [getUsers]);

  useEffect(() => {
    const timer = setTimeout(() => void searchUsers(search.trim()), PEOPLE_SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, searchUsers]);

  useEffect(() => {
    if (!useChatStore.getState().onlineOnly) return;
    const timer = setTimeout(() => void getUsers(), ONLINE_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [onlineCount, getUsers]);
}

/** What an empty list says, by what it shows; with nobody at all yet, it offers to invite someone. */
function emptyTextOf({ onlineOnly, usersQuery, showArchived }: { onlineOnly: boolean; usersQuery: string; showArchived: boolean }) {
  if (onlineOnly) return { text: translate('No online users'), offersInvite: false };
  if (usersQuery) return { text: translate('No contacts match “{{query}}”', { query: usersQuery }), offersInvite: false };
  return showArchived
    ? { text: translate('No archived chats'), offersInvite: false }
    : { text: translate('No contacts yet'), offersInvite: true };
}

interface InboxHeaderProps {
  search: string;
  onSearch(search: string): void;
  onlineOnly: boolean;
  onlineCount: number;
  onOnlineOnly(on: boolean): Promise<void>;
}

/** Above the list: the way to my starred messages, the contact search and "Show online only". */
function InboxHeader({ search, onSearch, onlineOnly, onlineCount, onOnlineOnly }: InboxHeaderProps) {
  const { t } = useTranslation();
  const [isCreatingGroup, setCreatingGroup] = useState(false);
  return (
    <div className="w-full border-b border-base-300 p-5">
      <div className="flex items-center gap-2">
        <Users className="size-6" />
        <span className="font-medium">{t('Contacts')}</span>
        <button
          type="button"
          className="btn btn-ghost btn-circle ms-auto"
          onClick={() => setCreatingGroup(true)}
          aria-label={t('New group')}
          title={t('New group')}
        >
          <UserRoundPlus className="size-5" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-circle"
          onClick={() => void useStarredStore.getState().setOpen(true)}
          aria-label={t('Starred messages')}
          title={t('Starred messages')}
        >
          <Star className="size-5" />
        </button>
      </div>
      <PeopleSearchField
        id={CONTACT_SEARCH_ID}
        label={t('Search contacts')}
        placeholder={t('Search contacts')}
        keyShortcuts="Control+K Meta+K"
        value={search}
        onChange={onSearch}
        className="mt-3 flex"
      />
      <div className="mt-3 flex items-center gap-2">
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={onlineOnly}
            onChange={(event) => void onOnlineOnly(event.target.checked)}
          />
          <span className="text-sm">{t('Show online only')}</span>
        </label>
        <span className="text-xs text-muted">({t('{{count}} online', { count: onlineCount })})</span>
      </div>
      <CreateGroupDialog open={isCreatingGroup} onDone={() => setCreatingGroup(false)} />
    </div>
  );
}

/** The way into the archive ("Archived 3") from the inbox, and back to the chats from it. */
function ArchiveToggle({ isOpen, count, onToggle }: { isOpen: boolean; count: number; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="flex w-full items-center gap-3 border-b border-base-300 px-5 py-3 hover:bg-base-300"
      onClick={onToggle}
    >
      {isOpen ? (
        <ArrowLeft className="size-5 shrink-0 rtl:rotate-180" aria-hidden="true" />
      ) : (
        <Archive className="size-5 shrink-0" aria-hidden="true" />
      )}
      <span>{isOpen ? t('Back to chats') : t('Archived')}</span>
      {!isOpen && (
        <span className="ms-auto text-sm text-muted" aria-hidden="true">
          {count}
        </span>
      )}
      {!isOpen && <span className="sr-only">, {t('{{count}} chats', { count })}</span>}
    </button>
  );
}
