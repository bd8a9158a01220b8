import type { InboxEntry, Message } from '@chat/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '../../src/app/sidebar';
import { useAuthStore } from '../../src/store/use-auth-store';
import { useChatStore } from '../../src/store/use-chat-store';
import { useNotificationStore } from '../../src/store/use-notification-store';
import { usePresenceStore } from '../../src/store/use-presence-store';
import { aMessage } from '../../../test/support/a-message';
import { me } from '../../../test/support/an-auth-user';

const message = (id: string, senderId: string, receiverId: string, text: string | null, image: string | null = null): Message =>
  aMessage({ _id: id, senderId, receiverId, text, image });

const contacts: InboxEntry[] = [
  { _id: 'b', fullName: 'Bob', profilePic: '', lastMessage: message('5', 'me', 'b', 'see you'), unreadCount: 0, lastSeen: null },
  {
    _id: 'd',
    fullName: 'Dee',
    profilePic: '',
    lastMessage: message('4', 'd', 'me', null, '/api/media/x.png'),
    unreadCount: 3,
    lastSeen: null,
  },
  { _id: 'c', fullName: 'Cat', profilePic: '', lastMessage: null, unreadCount: 0, lastSeen: null },
];

const row = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

beforeEach(() => {
  useChatStore.setState({
    users: contacts,
    usersCursor: null,
    usersQuery: '',
    onlineOnly: false,
    selectedUser: null,
    drafts: {},
    isUsersLoading: false,
    getUsers: vi.fn(async () => {}),
    searchUsers: vi.fn(async () => {}),
    markRead: vi.fn(async () => {}),
  });
  useAuthStore.setState({ authUser: me });
  usePresenceStore.setState({ onlineUsers: ['me', 'b'] });
});

describe('Sidebar', () => {
  it('on a first visit, with nobody else yet, says what to do: a link to sign up, to copy and send', async () => {
    useChatStore.setState({ users: [], usersLoadFailed: false, showArchived: false });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<Sidebar hiddenOnPhone={false} />);
    expect(screen.getByText('No contacts yet')).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/signup`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/signup`);
  });

  it('labels contacts Online or Offline and counts the others online', () => {
    render(<Sidebar hiddenOnPhone={false} />);
    expect(screen.getByText('(1 online)')).toBeInTheDocument();
    expect(row('Bob')).toHaveTextContent('Online');
    expect(row('Cat')).toHaveTextContent('Offline');
    expect(row('Cat')).not.toHaveTextContent('Online');
  });

  it('shows each conversation’s latest message on one line: mine after "You:", a photo as "📷 Photo"', () => {
    render(<Sidebar hiddenOnPhone={false} />);
    expect(within(row('Bob')).getByTestId('last-message')).toHaveTextContent('· You: see you');
    expect(within(row('Bob')).getByRole('img', { name: 'Sent' }), 'my message’s tick').toBeInTheDocument();
    expect(within(row('Dee')).getByTestId('last-message')).toHaveTextContent('· 📷 Photo');
    expect(row('Dee')).toHaveAccessibleName(/3 unread/);
    expect(within(row('Cat')).queryByTestId('last-message')).toBeNull();
  });

  it('shows what I wrote to someone and did not send as “Draft:” in their row, not in the open conversation’s', () => {
    useChatStore.setState({ drafts: { b: '  see you at 8\nat the station ', c: 'hello?' } });
    render(<Sidebar hiddenOnPhone={false} />);
    expect(within(row('Bob')).getByTestId('draft')).toHaveTextContent('· Draft: see you at 8 at the station');
    expect(within(row('Bob')).queryByTestId('last-message')).toBeNull();
    expect(within(row('Cat')).getByTestId('draft')).toHaveTextContent('Draft: hello?');
    act(() => useChatStore.setState({ selectedUser: contacts[0]! }));
    expect(within(row('Bob')).queryByTestId('draft')).toBeNull();
    expect(within(row('Bob')).getByTestId('last-message')).toHaveTextContent('You: see you');
  });

  it('shows a muted conversation’s row with a crossed-out bell, until it is unmuted or its mute runs out', () => {
    useNotificationStore.setState({ mutes: { d: null, b: new Date(Date.now() - 1000).toISOString() } });
    render(<Sidebar hiddenOnPhone={false} />);
    expect(within(row('Dee')).getByRole('img', { name: 'Muted' })).toBeInTheDocument();
    expect(within(row('Bob')).queryByRole('img', { name: 'Muted' }), 'a mute that ran out').toBeNull();
    act(() => useNotificationStore.getState().applyMute({ userId: 'd', muted: false, until: null }));
    expect(within(row('Dee')).queryByRole('img', { name: 'Muted' })).toBeNull();
  });

  it('shows only online contacts when filtered, asking the server for them; drops whoever goes offline, and says so when none are', () => {
    render(<Sidebar hiddenOnPhone={false} />);
    fireEvent.click(screen.getByLabelText('Show online only'));
    expect(useChatStore.getState().onlineOnly).toBe(true);
    expect(useChatStore.getState().getUsers).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Bob')).toBeInTheDocument();
    expect(screen.queryByText('Cat')).toBeNull();
    act(() => usePresenceStore.setState({ onlineUsers: ['me'] }));
    expect(screen.getByText('No online users')).toBeInTheDocument();
  });

  it('shows 8 skeleton rows while loading', () => {
    useChatStore.setState({ isUsersLoading: true });
    render(<Sidebar hiddenOnPhone={false} />);
    expect(screen.getAllByTestId('contact-skeleton')).toHaveLength(8);
  });

  it('asks the server for the names typed in "Search contacts", once typing pauses', async () => {
    vi.useFakeTimers();
    try {
      render(<Sidebar hiddenOnPhone={false} />);
      fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: ' de' } });
      fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: ' dee ' } });
      await act(async () => vi.advanceTimersByTimeAsync(300));
      expect(useChatStore.getState().searchUsers).toHaveBeenLastCalledWith('dee');
      expect(useChatStore.getState().searchUsers).not.toHaveBeenCalledWith('de');
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves a conversation to the top with its new message, counting it unread until it is opened', () => {
    render(<Sidebar hiddenOnPhone={false} />);
    act(() => {
      useChatStore.getState().receiveMessage(message('6', 'c', 'me', 'hi'));
      useChatStore.getState().receiveMessage(message('7', 'c', 'me', 'are you there?'));
    });
    const rows = screen.getAllByRole('button', { name: /Bob|Cat|Dee/ });
    expect(rows[0]).toHaveTextContent('Cat');
    expect(rows[0]).toHaveAccessibleName(/2 unread/);
    expect(within(rows[0]!).getByTestId('last-message')).toHaveTextContent('are you there?');
    act(() => useChatStore.getState().receiveMessage(message('8', 'me', 'b', 'back to Bob')));
    expect(screen.getAllByRole('button', { name: /Bob|Cat|Dee/ })[0]).toHaveTextContent('You: back to Bob');
  });
});
