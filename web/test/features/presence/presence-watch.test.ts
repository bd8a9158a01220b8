import type { InboxEntry } from '@chat/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_EVERY_MS, watchedUsers, watchPresence } from '../../../src/features/presence/presence-watch';
import type { ChatSocket } from '../../../src/realtime/socket';
import type { ChatState } from '../../../src/store/use-chat-store';

const entry = (_id: string) => ({ _id, fullName: _id, profilePic: '', lastMessage: null, unreadCount: 0, lastSeen: null }) as InboxEntry;
const screen = (fields: Partial<Pick<ChatState, 'users' | 'usersLoaded' | 'usersCursor' | 'usersQuery' | 'selectedUser'>>) =>
  ({ users: [], usersLoaded: true, usersCursor: null, usersQuery: '', selectedUser: null, ...fields }) as ChatState;

describe('whose presence the app watches', () => {
  it('everyone while the whole contact list is loaded, as a small deployment always saw', () => {
    expect(watchedUsers(screen({ users: [entry('ann'), entry('bob')] }))).toBe('everyone');
  });

  it('nobody but the open conversation before the first page of the list has come', () => {
    expect(watchedUsers(screen({ usersLoaded: false }))).toEqual([]);
    expect(watchedUsers(screen({ usersLoaded: false, selectedUser: entry('zoe') }))).toEqual(['zoe']);
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

  it('once the screen settles, and only when it changed', () => {
    vi.useFakeTimers();
    const socket = { connected: true, emit: vi.fn() };
    const setCount = vi.fn();
    let state = screen({ users: [entry('ann'), entry('bob')], usersCursor: 'next' });
    const watch = watchPresence(socket as unknown as ChatSocket, () => state, setCount);
    const watches = () => socket.emit.mock.calls.filter(([event]) => event === 'watchPresence');
    watch.update();
    watch.update();
    vi.advanceTimersByTime(100);
    expect(watches()).toEqual([['watchPresence', ['ann', 'bob']]]);

    state = screen({ users: [entry('bob'), entry('ann')], usersCursor: 'next' });
    watch.update();
    vi.advanceTimersByTime(100);
    expect(watches(), 'the same people in another order').toHaveLength(1);

    state = screen({ users: [entry('bob'), entry('ann')] });
    watch.update();
    vi.advanceTimersByTime(100);
    expect(watches()[1]).toEqual(['watchPresence', 'everyone']);
    watch.stop();
  });

  it('says in each handshake whom the socket watches, and afterwards only what changed since', () => {
    vi.useFakeTimers();
    const socket = { connected: true, emit: vi.fn(), auth: undefined as unknown };
    let state = screen({ usersLoaded: false });
    const watch = watchPresence(socket as unknown as ChatSocket, () => state, vi.fn());
    const handshake = () => {
      let sent: unknown;
      (socket.auth as (send: (auth: unknown) => void) => void)((auth) => (sent = auth));
      return sent;
    };
    expect(handshake(), 'before the list has come').toEqual({ watchPresence: [] });
    watch.connected();
    vi.advanceTimersByTime(100);
    expect(socket.emit).not.toHaveBeenCalledWith('watchPresence', expect.anything());

    state = screen({ users: [entry('ann')], usersCursor: 'next' });
    expect(handshake(), 'a reconnection once a page has come').toEqual({ watchPresence: ['ann'] });
    watch.connected();
    vi.advanceTimersByTime(100);
    expect(socket.emit).not.toHaveBeenCalledWith('watchPresence', expect.anything());
    state = screen({ users: [entry('ann')] });
    watch.update();
    vi.advanceTimersByTime(100);
    expect(socket.emit).toHaveBeenCalledWith('watchPresence', 'everyone');
    watch.stop();
  });

  it('asks the server how many are online while it watches only some, with each watch and every 30 s', () => {
    vi.useFakeTimers();
    const socket = { connected: true, emit: vi.fn() };
    const setCount = vi.fn();
    let state = screen({ users: [entry('ann')], usersQuery: 'an' });
    const watch = watchPresence(socket as unknown as ChatSocket, () => state, setCount);
    const counts = () => socket.emit.mock.calls.filter(([event]) => event === 'countOnline');
    vi.advanceTimersByTime(COUNT_EVERY_MS);
    expect(counts(), 'not while everyone is watched').toHaveLength(0);
    watch.update();
    vi.advanceTimersByTime(100);
    expect(counts()).toHaveLength(1);
    const answer = counts()[0]![1] as (count: number) => void;
    answer(1234);
    expect(setCount).toHaveBeenLastCalledWith(1234);
    vi.advanceTimersByTime(COUNT_EVERY_MS);
    expect(counts()).toHaveLength(2);

    vi.advanceTimersByTime(COUNT_EVERY_MS);
    const late = counts()[2]![1] as (count: number) => void;
    state = screen({ users: [entry('ann')] });
    watch.update();
    vi.advanceTimersByTime(100);
    expect(setCount, 'counted by the app again once everyone is watched').toHaveBeenLastCalledWith(null);
    late(7);
    expect(setCount, 'an answer that comes after that is dropped').toHaveBeenLastCalledWith(null);
    vi.advanceTimersByTime(COUNT_EVERY_MS);
    expect(counts()).toHaveLength(3);
    watch.stop();
  });
});
