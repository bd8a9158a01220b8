import { nameMatches } from '../../lib/name-matches';
import type { GroupEntry, InboxEntry } from '@chat/contracts';
import { latestId } from '../../lib/inbox-entries';

/** A row of the inbox: a person's conversation (or someone to write to), or a group. */
export type InboxRow = { person: InboxEntry } | { group: GroupEntry };

/** Where a group sorts among conversations: its latest message's id. */
const groupLatest = (entry: GroupEntry) => Number(entry.lastMessage?._id ?? -1);

/** When a row was pinned (one pinned here just now, before its page says when: the latest). */
const pinnedTime = (row: InboxRow) => {
  const at = 'group' in row ? row.group.pinnedAt : row.person.pinnedAt;
  return at ? Date.parse(at) : Number.POSITIVE_INFINITY;
};

/**
 * The inbox with my groups among the conversations, as every messenger mixes them: the pinned ones
 * of both first (the latest pinned first), then conversations and groups by latest activity, then
 * everyone else.
 */
export function withGroups(users: InboxEntry[], groups: GroupEntry[]): InboxRow[] {
  const pinned: InboxRow[] = [
    ...users.filter((person) => person.pinned).map((person) => ({ person })),
    ...groups.filter((group) => group.pinnedAt).map((group) => ({ group })),
  ].sort((a, b) => pinnedTime(b) - pinnedTime(a));
  const others = groups.filter((group) => !group.pinnedAt);
  const rows = [...pinned];
  let next = 0;
  for (const person of users) {
    if (person.pinned) continue;
    const after = person.lastMessage || person.latestMessageId ? latestId(person) : -1;
    while (next < others.length && groupLatest(others[next]!) > after) rows.push({ group: others[next++]! });
    rows.push({ person });
  }
  for (; next < others.length; next++) rows.push({ group: others[next]! });
  return rows;
}

/** My groups whose name holds every word of a search, as people's names are searched. */
export function groupsMatching(groups: GroupEntry[], query: string): GroupEntry[] {
  return groups.filter(({ group }) => nameMatches(group.name, query));
}
