import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StarredMessages } from '../../../src/features/starred/starred-messages';
import { api } from '../../../src/api/client';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { useStarredStore } from '../../../src/store/use-starred-store';
import { aMessage } from '../../../../test/support/a-message';
import { me } from '../../../../test/support/an-auth-user';

const bob = { _id: 'bob', fullName: 'Bob Stone', profilePic: '' };
const starred = (id: string, text: string) => ({
  message: aMessage({ _id: id, senderId: 'bob', receiverId: 'me', text, starred: true }),
  peer: bob,
});

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useChatStore.setState({ messages: [{ ...starred('2', 'The door code is 4512').message }] });
  useStarredStore.setState({
    isOpen: true,
    isLoading: false,
    hasMore: false,
    results: [starred('2', 'The door code is 4512'), starred('1', 'Platform 4')],
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the starred messages', () => {
  it('unstars a message from the list: gone from it at once, and from the open conversation’s copy', () => {
    const star = vi.spyOn(api, 'star').mockResolvedValue(undefined);
    render(<StarredMessages />);
    expect(screen.getAllByTestId('message-result').map((row) => row.textContent)).toEqual([
      expect.stringContaining('The door code is 4512'),
      expect.stringContaining('Platform 4'),
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Unstar message' })[0]!);
    expect(screen.getAllByTestId('message-result').map((row) => row.textContent)).toEqual([expect.stringContaining('Platform 4')]);
    expect(star).toHaveBeenCalledWith('2', false);
    expect(useChatStore.getState().messages[0]!.starred).toBeUndefined();
  });
});
