import type { GroupEntry, InboxEntry } from '@chat/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { nameMatches } from '../../lib/name-matches';
import { GroupAvatar } from '../../ui/group-avatar';
import { errorMessage } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { PEOPLE_SEARCH_PAUSE_MS, PeopleSearchField } from '../../ui/people-search-field';
import { peopleApi } from './people-api';

/** Groups offered beside the people (where a message may go to either), those chosen, and the change. */
export interface PickedGroups {
  offered: GroupEntry[];
  chosen: GroupEntry[];
  onChange(chosen: GroupEntry[]): void;
}

interface PeoplePickerProps {
  /** The search field's name for screen readers ("Search people to forward to"). */
  searchLabel: string;
  chosen: InboxEntry[];
  onChange(chosen: InboxEntry[]): void;
  /** How many may be chosen, people and groups together: the rest wait once that many are. */
  limit: number;
  /** People not to offer (those in a group already). */
  exclude?: ReadonlySet<string>;
  /** Groups to offer first, those whose name holds the search's words. */
  groups?: PickedGroups;
}

/**
 * People to choose, with a search: my conversations as the inbox has them (the latest first), or
 * whoever a search finds; each a checkbox, up to `limit`. Deleted accounts are never offered. With
 * `groups`, my groups whose name matches come first.
 */
export function PeoplePicker({ searchLabel, chosen, onChange, limit, exclude, groups }: PeoplePickerProps) {
  const { t } = useTranslation();
  const inbox = useChatStore((state) => state.users);
  const [query, setQuery] = useState('');
  const found = usePeopleFound(query);
  const candidates = (found ?? inbox).filter((entry) => !entry.accountDeleted && !exclude?.has(entry._id));
  const groupCandidates = groups?.offered.filter(({ group }) => nameMatches(group.name, query)) ?? [];
  const isChosen = (entry: InboxEntry) => chosen.some((person) => person._id === entry._id);
  const toggle = (entry: InboxEntry) =>
    onChange(isChosen(entry) ? chosen.filter((person) => person._id !== entry._id) : [...chosen, entry]);
  const chosenCount = chosen.length + (groups?.chosen.length ?? 0);
  const isFull = chosenCount >= limit;
  return (
    <>
      <PeopleSearchField label={searchLabel} placeholder={t('Search people')} value={query} onChange={setQuery} className="mt-3 flex" />
      <p className="mt-2 text-xs text-muted">{t('{{count}} of up to {{limit}} chosen', { count: chosenCount, limit })}</p>
      <ul className="mt-2 min-h-0 flex-1 overflow-y-auto">
        {groups && <GroupCandidates candidates={groupCandidates} groups={groups} isFull={isFull} />}
        {candidates.map((entry) => (
          <li key={entry._id}>
            <Candidate name={entry.fullName} isChosen={isChosen(entry)} isFull={isFull} onToggle={() => toggle(entry)}>
              <img src={avatarOf(entry.profilePic)} alt="" className="size-8 rounded-full object-cover" />
            </Candidate>
          </li>
        ))}
        {candidates.length === 0 && groupCandidates.length === 0 && (
          <li className="p-2 text-sm text-muted">
            {query.trim() ? t('Nobody matches “{{query}}”', { query: query.trim() }) : t('No contacts yet')}
          </li>
        )}
      </ul>
    </>
  );
}

/** The groups offered, each a checkbox as a person is. */
function GroupCandidates({ candidates, groups, isFull }: { candidates: GroupEntry[]; groups: PickedGroups; isFull: boolean }) {
  const isChosen = (entry: GroupEntry) => groups.chosen.some((chosen) => chosen.group._id === entry.group._id);
  const toggle = (entry: GroupEntry) =>
    groups.onChange(isChosen(entry) ? groups.chosen.filter((chosen) => chosen.group._id !== entry.group._id) : [...groups.chosen, entry]);
  return candidates.map((entry) => (
    <li key={entry.group._id}>
      <Candidate name={entry.group.name} isChosen={isChosen(entry)} isFull={isFull} onToggle={() => toggle(entry)}>
        <GroupAvatar picture={entry.group.picture} name="" className="size-8" />
      </Candidate>
    </li>
  ));
}

/** The people whose name holds the words, once typing pauses; without words, the first page of everyone (not the sidebar's search); null until the first answer (the inbox is offered meanwhile). */
function usePeopleFound(query: string): InboxEntry[] | null {
  const [found, setFound] = useState<InboxEntry[] | null>(null);
  useEffect(() => {
    const words = query.trim();
    let current = true;
    // Without words, the whole first page: the sidebar's list may be searched or filtered.
    const timer = setTimeout(
      () => {
        peopleApi.find(words).then(
          (page) => current && setFound(page.entries),
          (error: unknown) => current && toast.error(errorMessage(error)),
        );
      },
      words ? PEOPLE_SEARCH_PAUSE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  return found;
}

/** One person or group to choose, after its picture: chosen or not; no more once the limit is reached. */
function Candidate({
  name,
  isChosen,
  isFull,
  onToggle,
  children,
}: {
  name: string;
  isChosen: boolean;
  isFull: boolean;
  onToggle(): void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-base-200">
      <input type="checkbox" className="checkbox checkbox-sm" checked={isChosen} disabled={isFull && !isChosen} onChange={onToggle} />
      {children}
      <span dir="auto" className="truncate">
        {name}
      </span>
    </label>
  );
}
