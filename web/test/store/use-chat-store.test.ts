import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE, type Message } from '@chat/contracts';
import { api } from '../../src/lib/api';
import type { ChatSocket } from '../../src/lib/socket';
import { useAuthStore } from '../../src/store/use-auth-store';
import { useChatStore } from '../../src/store/use-chat-store';

const bob = { _id: 'bob', fullName: 'Bob', profilePic: '' };
const message = (id: number): Message => ({
  _id: String(id),
  senderId: 'bob',
  receiverId: 'me',
  text: `message ${id}`,
  image: null,
  createdAt: '',
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const ids = () => useChatStore.getState().messages.map((m) => Number(m._id));

beforeEach(() => {
  vi.spyOn(api, 'markRead').mockResolvedValue(undefined);
  useAuthStore.setState({ authUser: { _id: 'me', fullName: 'Me', email: 'me@chat.io', profilePic: '', createdAt: '' } });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('re-fetching the open conversation after a reconnect', () => {
  it('merges a latest page that overlaps what is shown, keeping older pages', async () => {
    useChatStore.setState({ selectedUser: bob, messages: range(1, 60), hasOlderMessages: false });
    vi.spyOn(api, 'getMessages').mockResolvedValue(range(31, 80));
    await useChatStore.getState().getMessages('bob');
    expect(ids()).toEqual(range(1, 80).map((m) => Number(m._id)));
    expect(useChatStore.getState().hasOlderMessages).toBe(false);
  });

  it('replaces the list when more was missed than one page holds, so no gap is shown', async () => {
    useChatStore.setState({ selectedUser: bob, messages: range(1, 10), hasOlderMessages: false });
    vi.spyOn(api, 'getMessages').mockResolvedValue(range(100, 100 + DEFAULT_PAGE - 1));
    await useChatStore.getState().getMessages('bob');
    expect(ids()[0]).toBe(100);
    expect(ids()).toHaveLength(DEFAULT_PAGE);
    expect(useChatStore.getState().hasOlderMessages).toBe(true);
  });
});

describe('reading the open conversation', () => {
  const setVisibility = (state: DocumentVisibilityState) => vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  const inbox = (unreadCount: number) => [{ ...bob, lastMessage: message(12), unreadCount }];

  it('tells the server once the newest message from them is shown in a visible tab, and clears the badge', async () => {
    setVisibility('visible');
    const markRead = vi.spyOn(api, 'markRead').mockResolvedValue(undefined);
    vi.spyOn(api, 'getMessages').mockResolvedValue(range(11, 12));
    useChatStore.setState({ selectedUser: null, messages: [], users: inbox(2) });
    useChatStore.getState().setSelectedUser(bob);
    await useChatStore.getState().getMessages('bob');
    expect(markRead).toHaveBeenCalledExactlyOnceWith('bob', '12');
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(0);
    await useChatStore.getState().markRead();
    expect(markRead).toHaveBeenCalledOnce();
  });

  it('waits while the tab is hidden, counting what arrives, and reads it once the tab is shown', async () => {
    const visibility = setVisibility('hidden');
    const markRead = vi.spyOn(api, 'markRead').mockResolvedValue(undefined);
    useChatStore.setState({ selectedUser: bob, messages: range(11, 12), users: inbox(0) });
    useChatStore.getState().receiveMessage(message(13));
    await useChatStore.getState().markRead();
    expect(markRead).not.toHaveBeenCalled();
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(1);
    visibility.mockReturnValue('visible');
    await useChatStore.getState().markRead();
    expect(markRead).toHaveBeenCalledExactlyOnceWith('bob', '13');
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(0);
  });
});

describe('typing', () => {
  const cat = { _id: 'cat', fullName: 'Cat', profilePic: '' };
  const recordingSocket = () => {
    const emitted: unknown[] = [];
    useAuthStore.setState({ socket: { emit: (event: string, payload: unknown) => emitted.push([event, payload]) } as unknown as ChatSocket });
    return emitted;
  };

  afterEach(() => {
    vi.useRealTimers();
    useChatStore.getState().notifyTyping(false);
    useAuthStore.setState({ socket: null });
  });

  it('shows who is typing until they stop, send, or go quiet for 5 s', () => {
    vi.useFakeTimers();
    const typing = () => Object.keys(useChatStore.getState().typingUsers);
    useChatStore.getState().setTyping('bob', true);
    expect(typing()).toEqual(['bob']);
    vi.advanceTimersByTime(4000);
    useChatStore.getState().setTyping('bob', true);
    vi.advanceTimersByTime(4000);
    expect(typing(), 'renewed by the second notice').toEqual(['bob']);
    vi.advanceTimersByTime(1000);
    expect(typing()).toEqual([]);
    useChatStore.getState().setTyping('bob', true);
    useChatStore.setState({ selectedUser: bob, users: [] });
    useChatStore.getState().receiveMessage(message(40));
    expect(typing(), 'a message from them ends it').toEqual([]);
  });

  it('tells the open conversation I am typing at most every 2 s, and that I stopped, also when I switch', () => {
    vi.useFakeTimers();
    const emitted = recordingSocket();
    useChatStore.setState({ selectedUser: bob });
    const chat = useChatStore.getState();
    chat.notifyTyping(true);
    chat.notifyTyping(true);
    vi.advanceTimersByTime(2000);
    chat.notifyTyping(true);
    useChatStore.getState().setSelectedUser(cat);
    useChatStore.getState().notifyTyping(true);
    useChatStore.getState().notifyTyping(false);
    useChatStore.getState().notifyTyping(false);
    expect(emitted).toEqual([
      ['typing', { to: 'bob', isTyping: true }],
      ['typing', { to: 'bob', isTyping: true }],
      ['typing', { to: 'bob', isTyping: false }],
      ['typing', { to: 'cat', isTyping: true }],
      ['typing', { to: 'cat', isTyping: false }],
    ]);
  });
});
