import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE, type Message } from '@chat/contracts';
import { api } from '../../src/lib/api';
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
