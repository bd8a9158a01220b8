import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '../../src/components/sidebar';
import { useAuthStore } from '../../src/store/use-auth-store';
import { useChatStore } from '../../src/store/use-chat-store';

const contacts = [
  { _id: 'b', fullName: 'Bob', profilePic: '' },
  { _id: 'c', fullName: 'Cat', profilePic: '' },
];

beforeEach(() => {
  useChatStore.setState({ users: contacts, isUsersLoading: false, getUsers: vi.fn(async () => {}) });
  useAuthStore.setState({ onlineUsers: ['me', 'b'] });
});

describe('Sidebar', () => {
  it('labels contacts Online or Offline and counts the others online', () => {
    render(<Sidebar />);
    expect(screen.getByText('(1 online)')).toBeInTheDocument();
    expect(screen.getByText('Bob').nextSibling).toHaveTextContent('Online');
    expect(screen.getByText('Cat').nextSibling).toHaveTextContent('Offline');
  });

  it('shows only online contacts when filtered, and says so when none are', () => {
    render(<Sidebar />);
    fireEvent.click(screen.getByLabelText('Show online only'));
    expect(screen.getByText('Bob')).toBeInTheDocument();
    expect(screen.queryByText('Cat')).toBeNull();
    act(() => useAuthStore.setState({ onlineUsers: ['me'] }));
    expect(screen.getByText('No online users')).toBeInTheDocument();
  });

  it('shows 8 skeleton rows while loading', () => {
    useChatStore.setState({ isUsersLoading: true });
    render(<Sidebar />);
    expect(screen.getAllByTestId('contact-skeleton')).toHaveLength(8);
  });

  it('counts messages from a contact whose chat is not open, and clears them when it opens', () => {
    useAuthStore.setState({ authUser: { _id: 'me', fullName: 'Me', email: 'me@chat.io', profilePic: '', createdAt: '' } });
    useChatStore.setState({ selectedUser: null, unreadCounts: {} });
    render(<Sidebar />);
    const message = { receiverId: 'me', senderId: 'c', text: 'hi', image: null, createdAt: '' };
    act(() => {
      useChatStore.getState().receiveMessage({ ...message, _id: '1' });
      useChatStore.getState().receiveMessage({ ...message, _id: '2' });
    });
    expect(screen.getByLabelText('2 unread')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: /Cat/ }));
    expect(screen.queryByLabelText(/unread/)).toBeNull();
  });
});
