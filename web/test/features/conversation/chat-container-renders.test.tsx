import type { Contact } from '@chat/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ChatMessageModule from '../../../src/features/conversation/chat-message';
import { ChatContainer } from '../../../src/features/conversation/chat-container';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { aMessage } from '../../../../test/support/a-message';
import { me } from '../../../../test/support/an-auth-user';

/** Every render of a message of the list, counted. */
const renders = vi.hoisted(() => ({ messages: 0 }));
vi.mock('../../../src/features/conversation/chat-message', async (importOriginal) => {
  const original = await importOriginal<typeof ChatMessageModule>();
  return {
    ...original,
    ChatMessage: (props: Parameters<typeof original.ChatMessage>[0]) => {
      renders.messages++;
      return original.ChatMessage(props);
    },
  };
});

const bob: Contact = { _id: 'b', fullName: 'Bob', profilePic: '' };

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useChatStore.setState({
    selectedUser: bob,
    unreadMarker: null,
    pendingMessages: [],
    isMessagesLoading: false,
    drafts: {},
    messages: ['1', '2', '3'].map((id) => aMessage({ _id: id, senderId: 'b', receiverId: 'me', text: `message ${id}` })),
    getMessages: vi.fn(async () => {}),
    markRead: vi.fn(async () => {}),
    notifyTyping: vi.fn(),
  });
});

describe('typing in the box', () => {
  it('re-renders the box alone: not one message of the list', () => {
    render(<ChatContainer />);
    expect(screen.getByText('message 3')).toBeInTheDocument();
    const before = renders.messages;
    const box = screen.getByPlaceholderText('Type a message...');
    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) fireEvent.change(box, { target: { value: text } });
    expect(screen.getByDisplayValue('hello')).toBeInTheDocument();
    expect(renders.messages - before).toBe(0);
  });
});
