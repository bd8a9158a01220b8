import { nameMatches } from '../../lib/name-matches';
import type { GroupEntry, InboxEntry } from '@chat/contracts';
import { latestId } from '../../lib/inbox-entries';

/** A row of the inbox: a person's conversation (or someone to write to), or a group. */
export type InboxRow = { person: InboxEntry } | { group: GroupEntry };

/** Where a group sorts among conversations: its latest message's id. */
const groupLatest = (entry: GroupEntry) => Number(entry.lastMessage?._id ?? -1);

/**
 * The inbox with my groups among the conversations, as every messenger mixes them: pinned
 * conversations first, then conversations and groups by latest activity, then everyone else.
 */
export function withGroups(users: InboxEntry[], groups: GroupEntry[]): InboxRow[] {
  const rows: InboxRow[] = [];
  let next = 0;
  for (const person of users) {
    if (!person.pinned) {
      const after = person.lastMessage || person.latestMessageId ? latestId(person) : -1;
      while (next < groups.length && groupLatest(groups[next]!) > after) rows.push({ group: groups[next++]! });
    }
    rows.push({ person });
  }
  for (; next < groups.length; next++) rows.push({ group: groups[next]! });
  return rows;
}

/** My groups whose name holds every word of a search, as people's names are searched. */
export function groupsMatching(groups: GroupEntry[], query: string): GroupEntry[] {
  return groups.filter(({ group }) => nameMatches(group.name, query));
}
