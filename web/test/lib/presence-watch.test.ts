import type { InboxEntry } from '@chat/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchedUsers, watchPresence } from '../../src/lib/presence-watch';
import type { ChatSocket } from '../../src/lib/socket';
import type { ChatState } from '../../src/store/use-chat-store';

const entry = (_id: string) => ({ _id, fullName: _id, profilePic: '', lastMessage: null, unreadCount: 0, lastSeen: null }) as InboxEntry;
const screen = (fields: Partial<Pick<ChatState, 'users' | 'usersCursor' | 'usersQuery' | 'selectedUser'>>) =>
  ({ users: [], usersCursor: null, usersQuery: '', selectedUser: null, ...fields }) as ChatState;

describe('whose presence the app watches', () => {
  it('everyone while the whole contact list is loaded, as a small deployment always saw', () => {
    expect(watchedUsers(screen({ users: [entry('ann'), entry('bob')] }))).toBe('everyone');
  });

  it('the people on screen once the list has more pages or is a search: the open conversation first', () => {
    expect(watchedUsers(screen({ users: [entry('ann'), entry('bob')], usersCursor: 'next' }))).toEqual(['ann', 'bob']);
    expect(watchedUsers(screen({ users: [entry('ann')], usersQuery: 'an', selectedUser: entry('zoe') }))).toEqual(['zoe', 'ann']);
    const many = Array.from({ length: 1500 }, (_, i) => entry(`user-${i}`));
    expect(watchedUsers(screen({ users: many, usersCursor: 'next' }))).toHaveLength(1000);
  });
});

describe('telling the server whom the socket watches', () => {
  afterEach(() => vi.useRealTimers());

  it('once the screen settles, only when it changed, and again on a new connection', () => {
    vi.useFakeTimers();
    const socket = { connected: true, emit: vi.fn() };
    let state = screen({ users: [entry('ann'), entry('bob')], usersCursor: 'next' });
    const watch = watchPresence(socket as unknown as ChatSocket, () => state);
    watch.update();
    watch.update();
    vi.advanceTimersByTime(100);
    expect(socket.emit.mock.calls).toEqual([['watchPresence', ['ann', 'bob']]]);

    state = screen({ users: [entry('bob'), entry('ann')], usersCursor: 'next' });
    watch.update();
    vi.advanceTimersByTime(100);
    expect(socket.emit, 'the same people in another order').toHaveBeenCalledTimes(1);

    watch.connected();
    vi.advanceTimersByTime(100);
    expect(socket.emit.mock.calls[1]).toEqual(['watchPresence', ['bob', 'ann']]);

    state = screen({ users: [entry('bob'), entry('ann')] });
    watch.update();
    vi.advanceTimersByTime(100);
    expect(socket.emit.mock.calls[2]).toEqual(['watchPresence', 'everyone']);
    watch.stop();
  });
});
