import { describe, expect, it } from 'vitest';
import type { GroupEntry, InboxEntry } from '@chat/contracts';
import { groupsMatching, withGroups } from '../../../src/features/groups';
import { aMessage } from '../../../../test/support/a-message';

const person = (name: string, lastId: number | null, pinnedAt?: string): InboxEntry => ({
  _id: name,
  fullName: name,
  profilePic: '',
  lastSeen: null,
  unreadCount: 0,
  lastMessage: lastId === null ? null : aMessage({ _id: String(lastId), senderId: name, receiverId: 'me' }),
  ...(pinnedAt ? { pinned: true as const, pinnedAt } : {}),
});
const group = (name: string, lastId: number, pinnedAt?: string): GroupEntry => ({
  group: {
    _id: name,
    name,
    description: '',
    picture: '',
    createdBy: 'me',
    createdAt: '',
    onlyAdminsSend: false,
    onlyAdminsEdit: false,
    memberCount: 3,
  },
  role: 'member',
  lastMessage: aMessage({ _id: String(lastId), senderId: 'ann', receiverId: name, groupId: name }),
  unreadCount: 0,
  people: [],
  ...(pinnedAt ? { pinnedAt } : {}),
});
const namesOf = (rows: ReturnType<typeof withGroups>) => rows.map((row) => ('group' in row ? row.group.group.name : row.person.fullName));

describe('the inbox with my groups', () => {
  it('puts groups among the conversations by latest activity, below the pinned ones, above everyone else', () => {
    const people = [person('Pinned', 1, '2026-11-28T10:00:00.000Z'), person('Ann', 50), person('Bob', 20), person('Zoe', null)];
    const groups = [group('Hikers', 60), group('Choir', 30), group('Old', 5)];
    expect(namesOf(withGroups(people, groups))).toEqual(['Pinned', 'Hikers', 'Ann', 'Choir', 'Bob', 'Old', 'Zoe']);
  });

  it('heads the inbox with the pinned conversations and groups together, the latest pinned first', () => {
    const people = [person('Ann', 1, '2026-11-28T12:00:00.000Z'), person('Bob', 2, '2026-11-28T10:00:00.000Z'), person('Cat', 90)];
    const groups = [group('Hikers', 80), group('Choir', 3, '2026-11-28T11:00:00.000Z'), group('Old', 4, '2026-11-28T09:00:00.000Z')];
    expect(namesOf(withGroups(people, groups))).toEqual(['Ann', 'Choir', 'Bob', 'Old', 'Cat', 'Hikers']);
    // One pinned here a moment ago, before any page says when: on top.
    const justPinned = { ...person('Dan', 5), pinned: true as const };
    expect(namesOf(withGroups([justPinned, ...people], groups)).slice(0, 2)).toEqual(['Dan', 'Ann']);
  });

  it('finds groups by every word of a search in their name', () => {
    const groups = [group('Sunday Hikers', 1), group('Choir', 2)];
    expect(groupsMatching(groups, 'hik sun').map((entry) => entry.group.name)).toEqual(['Sunday Hikers']);
  });
});
