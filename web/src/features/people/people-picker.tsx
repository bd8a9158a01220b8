import type { InboxEntry } from '@chat/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { errorMessage } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { PEOPLE_SEARCH_PAUSE_MS, PeopleSearchField } from '../../ui/people-search-field';
import { peopleApi } from './people-api';

interface PeoplePickerProps {
  /** The search field's name for screen readers ("Search people to forward to"). */
  searchLabel: string;
  chosen: InboxEntry[];
  onChange(chosen: InboxEntry[]): void;
  /** How many may be chosen: the rest wait once that many are. */
  limit: number;
  /** People not to offer (those in a group already). */
  exclude?: ReadonlySet<string>;
}

/**
 * People to choose, with a search: my conversations as the inbox has them (the latest first), or
 * whoever a search finds; each a checkbox, up to `limit`. Deleted accounts are never offered.
 */
export function PeoplePicker({ searchLabel, chosen, onChange, limit, exclude }: PeoplePickerProps) {
  const { t } = useTranslation();
  const inbox = useChatStore((state) => state.users);
  const [query, setQuery] = useState('');
  const found = usePeopleFound(query);
  const candidates = (found ?? inbox).filter((entry) => !entry.accountDeleted && !exclude?.has(entry._id));
  const isChosen = (entry: InboxEntry) => chosen.some((person) => person._id === entry._id);
  const toggle = (entry: InboxEntry) =>
    onChange(isChosen(entry) ? chosen.filter((person) => person._id !== entry._id) : [...chosen, entry]);
  const isFull = chosen.length >= limit;
  return (
    <>
      <PeopleSearchField label={searchLabel} placeholder={t('Search people')} value={query} onChange={setQuery} className="mt-3 flex" />
      <p className="mt-2 text-xs text-muted">{t('{{count}} of up to {{limit}} chosen', { count: chosen.length, limit })}</p>
      <ul className="mt-2 min-h-0 flex-1 overflow-y-auto">
        {candidates.map((entry) => (
          <li key={entry._id}>
            <Candidate entry={entry} isChosen={isChosen(entry)} isFull={isFull} onToggle={() => toggle(entry)} />
          </li>
        ))}
        {candidates.length === 0 && (
          <li className="p-2 text-sm text-muted">
            {query.trim() ? t('Nobody matches “{{query}}”', { query: query.trim() }) : t('No contacts yet')}
          </li>
        )}
      </ul>
    </>
  );
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

/** One person to choose: chosen or not; no more once the limit is reached. */
function Candidate({ entry, isChosen, isFull, onToggle }: { entry: InboxEntry; isChosen: boolean; isFull: boolean; onToggle(): void }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-base-200">
      <input type="checkbox" className="checkbox checkbox-sm" checked={isChosen} disabled={isFull && !isChosen} onChange={onToggle} />
      <img src={avatarOf(entry.profilePic)} alt="" className="size-8 rounded-full object-cover" />
      <span dir="auto" className="truncate">
        {entry.fullName}
      </span>
    </label>
  );
}
