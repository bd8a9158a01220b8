import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { pinnedMessagesApi } from '../../../src/features/pinned-messages/pinned-messages-api';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { aMessage } from '../../../../test/support/a-message';
import { me } from '../../../../test/support/an-auth-user';

const bob = { _id: 'bob', fullName: 'Bob Stone', profilePic: '' };
const fromBob = (id: number, pinnedAt?: string) =>
  aMessage({ _id: String(id), senderId: 'bob', receiverId: 'me', text: `message ${id}`, ...(pinnedAt ? { pinnedAt } : {}) });
const texts = () => useChatStore.getState().pinnedMessages.map((message) => message.text);

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useChatStore.getState().openConversation({ selectedUser: bob });
});

afterEach(() => {
  vi.restoreAllMocks();
  useChatStore.getState().openConversation({});
  useChatStore.setState({ pinnedMessages: [], pinnedIn: null });
});

describe('the pinned messages of the open chat', () => {
  it('keeps the pins of the chat still open, not those of one left before they came', async () => {
    let answerFirst!: (pins: ReturnType<typeof fromBob>[]) => void;
    vi.spyOn(pinnedMessagesApi, 'list')
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce([fromBob(2, '2026-11-30T10:00:00.000Z')]);
    const first = useChatStore.getState().loadPinned('cat');
    await useChatStore.getState().loadPinned('bob');
    answerFirst([fromBob(9, '2026-11-30T11:00:00.000Z')]);
    await first;
    expect(useChatStore.getState().pinnedIn).toBe('bob');
    expect(texts()).toEqual(['message 2']);
  });

  it('follows what the server tells: a pin goes in by when it was pinned, three at most; an unpin leaves; another chat’s is not shown', () => {
    useChatStore.setState({
      pinnedIn: 'bob',
      pinnedMessages: [fromBob(3, '2026-11-30T10:03:00.000Z'), fromBob(1, '2026-11-30T10:01:00.000Z')],
    });
    useChatStore.getState().applyPinOf(fromBob(2, '2026-11-30T10:02:00.000Z'));
    expect(texts()).toEqual(['message 3', 'message 2', 'message 1']);
    useChatStore.getState().applyPinOf(fromBob(4, '2026-11-30T10:04:00.000Z'));
    expect(texts()).toEqual(['message 4', 'message 3', 'message 2']);
    useChatStore.getState().applyPinOf(fromBob(3));
    expect(texts()).toEqual(['message 4', 'message 2']);
    useChatStore.getState().applyPinOf(aMessage({ _id: '7', senderId: 'cat', receiverId: 'me', pinnedAt: '2026-11-30T10:07:00.000Z' }));
    expect(texts()).toEqual(['message 4', 'message 2']);
  });

  it('shows my pin as the server answers it, in the banner and the conversation; a refusal is said and changes nothing', async () => {
    useChatStore.setState({ pinnedIn: 'bob', pinnedMessages: [], messages: [fromBob(5)] });
    vi.spyOn(pinnedMessagesApi, 'set').mockResolvedValueOnce(fromBob(5, '2026-11-30T10:05:00.000Z'));
    await useChatStore.getState().setMessagePinned(fromBob(5), true);
    expect(texts()).toEqual(['message 5']);
    expect(useChatStore.getState().messages[0]?.pinnedAt).toBe('2026-11-30T10:05:00.000Z');

    const said = vi.spyOn(toast, 'error');
    vi.spyOn(pinnedMessagesApi, 'set').mockRejectedValueOnce(new ApiError('Only admins can pin messages in this group', 403));
    await useChatStore.getState().setMessagePinned(fromBob(5), false);
    expect(texts()).toEqual(['message 5']);
    expect(said).toHaveBeenCalledWith('Only admins can pin messages in this group');
  });
});
