import type { Contact } from '@chat/contracts';
import { act, render, screen } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useConversationAddress } from '../../../src/features/conversation';
import { useChatStore } from '../../../src/store/use-chat-store';

const bob: Contact = { _id: 'b', fullName: 'Bob', profilePic: '' };
const bobsRow = { ...bob, lastMessage: null, unreadCount: 0, lastSeen: null };

/** The home page as far as addresses go: the hook, where the app is, and the way to Settings. */
function Home() {
  useConversationAddress();
  return (
    <>
      <p>at {useLocation().pathname}</p>
      <Link to="/settings">settings</Link>
    </>
  );
}

/** Another page of the app, with the app's way home. */
const Settings = () => <Link to="/">home</Link>;

/** The app in the window's own history, as in a browser, opened at the list. */
const renderApp = () => {
  window.history.replaceState(null, '', '/');
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/chat/:userId" element={<Home />} />
        <Route path="/settings" element={<Settings />} />
      </Routes>
    </BrowserRouter>,
  );
};
const go = (name: string) => act(() => screen.getByRole('link', { name }).click());

const choose = (user: Contact | null) => act(() => useChatStore.setState({ selectedUser: user }));

beforeEach(() => {
  useChatStore.setState({ selectedUser: null, users: [bobsRow], setSelectedUser: (user) => useChatStore.setState({ selectedUser: user }) });
});

describe('a conversation’s address', () => {
  it('is the list’s next entry when opened on the list: closing it steps back to the list', async () => {
    renderApp();
    go('settings');
    go('home');
    choose(bob);
    expect(screen.getByText('at /chat/b')).toBeInTheDocument();
    choose(null);
    expect(await screen.findByText('at /')).toBeInTheDocument();
    // Back there, not in a second list entry: Back from the list leads to Settings, where the person was before.
    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'home' })).toBeInTheDocument();
  });

  it('closes to the list, never to Settings, when a notification opened it while Settings was shown', async () => {
    renderApp();
    go('settings');
    // The notification's click chooses Bob; the person then goes home from Settings.
    choose(bob);
    go('home');
    expect(await screen.findByText('at /chat/b')).toBeInTheDocument();
    choose(null);
    expect(await screen.findByText('at /')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'home' }), 'not Settings').toBeNull();
  });
});
