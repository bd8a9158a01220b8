import { describe, expect, it } from 'vitest';
import type { GroupEntry, InboxEntry } from '@chat/contracts';
import { groupsMatching, withGroups } from '../../../src/features/groups';
import { aMessage } from '../../../../test/support/a-message';

const person = (name: string, lastId: number | null, pinned = false): InboxEntry => ({
  _id: name,
  fullName: name,
  profilePic: '',
  lastSeen: null,
  unreadCount: 0,
  lastMessage: lastId === null ? null : aMessage({ _id: String(lastId), senderId: name, receiverId: 'me' }),
  ...(pinned ? { pinned: true as const } : {}),
});
const group = (name: string, lastId: number): GroupEntry => ({
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
});
const namesOf = (rows: ReturnType<typeof withGroups>) => rows.map((row) => ('group' in row ? row.group.group.name : row.person.fullName));

describe('the inbox with my groups', () => {
  it('puts groups among the conversations by latest activity, below the pinned ones, above everyone else', () => {
    const people = [person('Pinned', 1, true), person('Ann', 50), person('Bob', 20), person('Zoe', null)];
    const groups = [group('Hikers', 60), group('Choir', 30), group('Old', 5)];
    expect(namesOf(withGroups(people, groups))).toEqual(['Pinned', 'Hikers', 'Ann', 'Choir', 'Bob', 'Old', 'Zoe']);
  });

  it('finds groups by every word of a search in their name', () => {
    const groups = [group('Sunday Hikers', 1), group('Choir', 2)];
    expect(groupsMatching(groups, 'hik sun').map((entry) => entry.group.name)).toEqual(['Sunday Hikers']);
  });
});
