import type { Contact } from '@chat/contracts';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatContainer } from '../../../src/features/conversation/chat-container';
import { formatDayHeading } from '../../../src/lib/format-time';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore, type PendingMessage } from '../../../src/store/use-chat-store';
import { aMessage } from '../../../../test/support/a-message';
import { me } from '../../../../test/support/an-auth-user';

const bob: Contact = { _id: 'b', fullName: 'Bob', profilePic: '' };
/** Noon, `days` days ago: far from midnight, whatever the zone. */
const daysAgo = (days: number, minutes = 0) => {
  const noon = new Date();
  noon.setHours(12, minutes, 0, 0);
  noon.setDate(noon.getDate() - days);
  return noon.toISOString();
};
const text = (id: string, at: string, from = 'b') =>
  aMessage({ _id: id, senderId: from, receiverId: from === 'b' ? 'me' : 'b', text: `message ${id}`, createdAt: at });

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useChatStore.setState({
    selectedUser: bob,
    unreadMarker: null,
    pendingMessages: [],
    isMessagesLoading: false,
    getMessages: vi.fn(async () => {}),
    markRead: vi.fn(async () => {}),
  });
});

describe('the conversation', () => {
  it('offers only stored messages to choose when choosing several: a deleted one cannot be starred or forwarded', () => {
    const deleted = { ...text('2', daysAgo(0, 5)), text: null, deletedAt: daysAgo(0, 6) };
    useChatStore.setState({ messages: [text('1', daysAgo(0)), deleted], selection: [] });
    render(<ChatContainer />);
    const boxes = screen.getAllByRole('checkbox', { name: 'Select message' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.closest('[data-message-id]')?.getAttribute('data-message-id')).toBe('1');
  });

  it('heads each day’s messages with the day, once, from the oldest day to “Today”, the outbox’s included', () => {
    const pending: PendingMessage = {
      clientMessageId: 'c1',
      senderId: 'me',
      receiverId: 'b',
      text: 'on its way',
      image: null,
      createdAt: daysAgo(0, 30),
      replyTo: null,
      status: 'sending',
      attempts: 0,
      failure: null,
    };
    useChatStore.setState({
      messages: [
        text('1', daysAgo(9)),
        text('2', daysAgo(9, 5), 'me'),
        text('3', daysAgo(3)),
        text('4', daysAgo(1)),
        text('5', daysAgo(1, 1)),
      ],
      pendingMessages: [pending],
    });
    render(<ChatContainer />);
    const list = screen.getByRole('log', { name: 'Messages' });
    const order = [...list.querySelectorAll('[data-testid="day-divider"], [data-testid="chat-message"]')].map((element) =>
      element.getAttribute('data-testid') === 'day-divider'
        ? `— ${element.textContent} —`
        : within(element as HTMLElement).getByText(/^message|on its way/).textContent,
    );
    expect(order).toEqual([
      `— ${formatDayHeading(daysAgo(9))} —`,
      'message 1',
      'message 2',
      `— ${formatDayHeading(daysAgo(3))} —`,
      'message 3',
      '— Yesterday —',
      'message 4',
      'message 5',
      '— Today —',
      'on its way',
    ]);
  });

  it('marks where the messages unread on opening begin, after the day’s heading', () => {
    useChatStore.setState({
      messages: [text('1', daysAgo(1)), text('2', daysAgo(0, 1), 'me'), text('3', daysAgo(0, 2)), text('4', daysAgo(0, 3))],
      unreadMarker: { firstId: '3', count: 2, upToId: '4' },
    });
    render(<ChatContainer />);
    const list = screen.getByRole('log', { name: 'Messages' });
    const order = [...list.querySelectorAll('[data-testid$="divider"], [data-testid="chat-message"]')].map((element) =>
      element.getAttribute('data-testid') === 'chat-message'
        ? within(element as HTMLElement).getByText(/^message/).textContent
        : `— ${element.textContent} —`,
    );
    expect(order).toEqual(['— Yesterday —', 'message 1', '— Today —', 'message 2', '— 2 unread messages —', 'message 3', 'message 4']);
  });
});
