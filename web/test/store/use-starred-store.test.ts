import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE, type MessageSearchResult } from '@chat/contracts';
import { api } from '../../src/api/client';
import { useAuthStore } from '../../src/store/use-auth-store';
import { useStarredStore } from '../../src/store/use-starred-store';
import { aMessage } from '../../../test/support/a-message';
import { me } from '../../../test/support/an-auth-user';

const bob = { _id: 'bob', fullName: 'Bob', profilePic: '' };
const result = (id: number): MessageSearchResult => ({
  message: aMessage({ _id: String(id), senderId: 'bob', receiverId: 'me', text: `message ${id}`, starred: true }),
  peer: bob,
});
const shown = () => useStarredStore.getState().results.map(({ message }) => [message._id, message.text]);

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useStarredStore.setState({ isOpen: false, results: [], hasMore: false });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the starred messages', () => {
  it('drops the messages deleted for me and those of a chat cleared up to where it was, here or on another device', async () => {
    const cat = { _id: 'cat', fullName: 'Cat', profilePic: '' };
    const fromCat: MessageSearchResult = {
      message: aMessage({ _id: '5', senderId: 'cat', receiverId: 'me', text: 'from Cat', starred: true }),
      peer: cat,
    };
    vi.spyOn(api, 'getStarred').mockResolvedValue([fromCat, result(4), result(3), result(2)]);
    await useStarredStore.getState().setOpen(true);
    useStarredStore.getState().removeGoneForMe('bob', { messageIds: ['3'] });
    expect(shown()).toEqual([
      ['5', 'from Cat'],
      ['4', 'message 4'],
      ['2', 'message 2'],
    ]);
    useStarredStore.getState().removeGoneForMe('bob', { upTo: '4' });
    expect(shown(), 'Cat’s message is of another chat').toEqual([['5', 'from Cat']]);
  });

  it('loads the newest when opened, and the older ones after the last shown', async () => {
    const getStarred = vi.spyOn(api, 'getStarred').mockResolvedValueOnce(Array.from({ length: DEFAULT_PAGE }, (_, i) => result(200 - i)));
    await useStarredStore.getState().setOpen(true);
    expect(useStarredStore.getState().hasMore).toBe(true);
    getStarred.mockResolvedValueOnce([result(10)]);
    await useStarredStore.getState().loadMore();
    expect(getStarred).toHaveBeenLastCalledWith({ before: String(200 - DEFAULT_PAGE + 1) });
    expect(shown()).toHaveLength(DEFAULT_PAGE + 1);
    expect(useStarredStore.getState().hasMore).toBe(false);
  });

  it('follows stars given and taken elsewhere, edits, and deletions, which take a message’s stars', async () => {
    const getStarred = vi.spyOn(api, 'getStarred').mockResolvedValue([result(3), result(2), result(1)]);
    await useStarredStore.getState().setOpen(true);
    useStarredStore.getState().applyStarred('2', false);
    useStarredStore
      .getState()
      .receiveUpdate({ ...result(3).message, starred: undefined, text: 'edited', editedAt: '2026-11-25T10:00:00Z' });
    useStarredStore.getState().receiveUpdate({ ...result(1).message, text: null, deletedAt: '2026-11-25T10:01:00Z' });
    expect(shown()).toEqual([['3', 'edited']]);
    expect(useStarredStore.getState().results[0]!.message.starred).toBe(true);

    getStarred.mockResolvedValue([result(4), result(3)]);
    useStarredStore.getState().applyStarred('4', true);
    await vi.waitFor(() =>
      expect(shown()).toEqual([
        ['4', 'message 4'],
        ['3', 'message 3'],
      ]),
    );
  });

  it('shows the contacts again to whoever signs in next on this tab', async () => {
    vi.spyOn(api, 'getStarred').mockResolvedValue([result(1)]);
    await useStarredStore.getState().setOpen(true);
    useAuthStore.setState({ authUser: null });
    expect(useStarredStore.getState()).toMatchObject({ isOpen: false, results: [] });
  });
});
