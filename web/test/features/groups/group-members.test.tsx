import type { Group, GroupMember } from '@chat/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupMembers } from '../../../src/features/groups/group-members';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { usePresenceStore } from '../../../src/store/use-presence-store';
import { aGroupCard } from '../../../../test/support/a-group-card';
import { me } from '../../../../test/support/an-auth-user';

const NAMES = [
  'Zoe Hill',
  'Ann Lake',
  'Bob Stone',
  'Cat Moss',
  'Dan Reed',
  'Eve Park',
  'Fay Dune',
  'Gus Vale',
  'Hal Wood',
  'Ivy Rose',
  'Jon Bay',
  'Kim Fern',
  'Lou Pine',
];
const people = NAMES.map((fullName, i) => ({ _id: `user-${i}`, fullName, profilePic: '' }));
const member = (userId: string, role: GroupMember['role'] = 'member'): GroupMember => ({
  userId,
  role,
  joinedAt: '2026-11-01T10:00:00.000Z',
});

/** Me and thirteen others; Zoe an admin beside me. */
const hikers: Group = {
  ...aGroupCard({ _id: 'hikers', name: 'Hikers', memberCount: 14 }),
  members: [...people.map((person, i) => member(person._id, i === 0 ? 'admin' : 'member')), member('me', 'admin')],
  people: [...people, { _id: 'me', fullName: 'Me', profilePic: '' }],
};

/** What the open member's menu offers, in its order. */
const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
const rowNames = () => screen.getAllByTestId('group-member').map((row) => row.querySelector('bdi')?.textContent);

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useChatStore.setState({ selectedUser: null, selectedGroup: hikers });
  usePresenceStore.setState({ onlineUsers: ['user-2'] });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the members in a group’s info', () => {
  it('lists me first, then the admins, then everyone by name: the first ten, then all of them on asking', () => {
    render(<GroupMembers group={hikers} isAdmin onRemove={() => {}} />);
    // NAMES is in that order: Zoe, the admin, then the rest by name.
    expect(rowNames()).toEqual(['You', ...NAMES.slice(0, 9)]);
    const bob = screen.getAllByTestId('group-member')[3]!;
    expect(bob.textContent).toContain('Online');
    expect(within(screen.getAllByTestId('group-member')[1]!).getByText('Group admin')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View all (4 more)' }));
    expect(rowNames()).toHaveLength(14);
    expect(rowNames().at(-1)).toBe('Lou Pine');
    expect(screen.queryByRole('button', { name: /View all/ })).toBeNull();
  });

  it('finds members by a part of their name, and says when nobody matches', () => {
    render(<GroupMembers group={hikers} isAdmin={false} onRemove={() => {}} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), { target: { value: ' ST' } });
    expect(rowNames()).toEqual(['Bob Stone']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), { target: { value: 'Quincy' } });
    expect(screen.queryAllByTestId('group-member')).toHaveLength(0);
    expect(screen.getByText('Nobody matches “Quincy”')).toBeTruthy();
  });

  it('opens a member’s menu: anyone writes to them; an admin also changes their role or asks to remove them', () => {
    const onRemove = vi.fn();
    const { rerender } = render(<GroupMembers group={hikers} isAdmin={false} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: /Bob Stone/ }));
    const plain = screen.getByRole('menu', { name: 'Actions for Bob Stone' });
    expect(menuItems(plain)).toEqual(['Message Bob Stone']);
    fireEvent.click(within(plain).getByRole('menuitem', { name: 'Message Bob Stone' }));
    expect(useChatStore.getState().selectedUser?._id).toBe('user-2');
    expect(screen.queryByRole('menu')).toBeNull();

    useChatStore.setState({ selectedUser: null, selectedGroup: hikers });
    rerender(<GroupMembers group={hikers} isAdmin onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: /Zoe Hill/ }));
    const admins = screen.getByRole('menu', { name: 'Actions for Zoe Hill' });
    expect(menuItems(admins)).toEqual(['Message Zoe Hill', 'Dismiss as admin', 'Remove Zoe Hill']);
    fireEvent.click(within(admins).getByRole('menuitem', { name: 'Remove Zoe Hill' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ name: 'Zoe Hill', member: hikers.members[0] }));
    // My own row opens nothing.
    expect(screen.getAllByTestId('group-member')[0]!.tagName).toBe('DIV');
  });

  it('closes a member’s menu alone on Escape, not what it is open in', () => {
    const onPanelEscape = vi.fn();
    const panelEscape = (event: KeyboardEvent) => event.key === 'Escape' && onPanelEscape();
    window.addEventListener('keydown', panelEscape);
    render(<GroupMembers group={hikers} isAdmin onRemove={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /Ann Lake/ }));
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Message Ann Lake' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onPanelEscape).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onPanelEscape).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', panelEscape);
  });
});
