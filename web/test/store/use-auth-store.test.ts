import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../src/api/client';
import { draftStorage } from '../../src/lib/drafts';
import { outbox, type PendingMessage } from '../../src/lib/outbox';
import type { ChatSocket } from '../../src/realtime/socket';
import { useAuthStore } from '../../src/store/use-auth-store';
import { useChatStore } from '../../src/store/use-chat-store';
import { me } from '../../../test/support/an-auth-user';

describe('a session the server ended', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useAuthStore.setState({ authUser: null, socket: null });
  });

  it('signs out with a toast when the session is over', async () => {
    useAuthStore.setState({ authUser: me });
    vi.spyOn(api, 'checkAuth').mockRejectedValue(new ApiError('Not authenticated', 401));
    const shown = vi.spyOn(toast, 'error');
    await useAuthStore.getState().recheckSession();
    expect(useAuthStore.getState().authUser).toBeNull();
    expect(shown).toHaveBeenCalledWith('Your session has ended. Please log in again.');
  });

  it('connects again when the session still holds, or the check could not be made', async () => {
    const connect = vi.fn();
    useAuthStore.setState({ authUser: me, socket: { connect } as unknown as ChatSocket });
    vi.spyOn(api, 'checkAuth').mockResolvedValueOnce(me).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useAuthStore.getState().recheckSession();
    await useAuthStore.getState().recheckSession();
    expect(connect).toHaveBeenCalledTimes(2);
    expect(useAuthStore.getState().authUser).toEqual(me);
  });
});

describe('leaving this device', () => {
  const bob = { _id: 'bob', fullName: 'Bob Stone', profilePic: '' };
  const unsent: PendingMessage = {
    clientMessageId: 'c1',
    senderId: 'me',
    receiverId: 'bob',
    text: 'half a plan',
    image: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    replyTo: null,
    status: 'failed',
    attempts: 0,
    failure: 'refused',
  };
  /** Signed in as me, with Bob's conversation open, a draft to Carl and a message not sent, on screen and kept on the device. */
  const signedInWithWork = async () => {
    useAuthStore.setState({ authUser: me, socket: { disconnect: vi.fn() } as unknown as ChatSocket });
    useChatStore.setState({
      selectedUser: bob,
      users: [{ ...bob, lastMessage: null, unreadCount: 0, lastSeen: null }],
      pendingMessages: [unsent],
    });
    useChatStore.getState().setDraft('carl', 'see you at 8');
    await outbox.save('me', [unsent]);
  };

  afterEach(async () => {
    vi.restoreAllMocks();
    useAuthStore.setState({ authUser: null, socket: null });
    await outbox.save('me', []);
  });

  it('a logout takes my drafts and unsent messages off the device, and leaves nothing of mine on screen', async () => {
    await signedInWithWork();
    vi.spyOn(api, 'logout').mockResolvedValue({ message: 'Logged out successfully' });
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState().authUser).toBeNull();
    expect(draftStorage.load('me')).toEqual({});
    expect(await outbox.load('me')).toEqual([]);
    const chat = useChatStore.getState();
    expect({ selectedUser: chat.selectedUser, users: chat.users, pendingMessages: chat.pendingMessages, drafts: chat.drafts }).toEqual({
      selectedUser: null,
      users: [],
      pendingMessages: [],
      drafts: {},
    });
  });

  it('a logout whose revocation closes the socket before the logout answers still clears the device, with no “session ended”', async () => {
    await signedInWithWork();
    vi.spyOn(api, 'checkAuth').mockRejectedValue(new ApiError('Not authenticated', 401));
    vi.spyOn(api, 'logout').mockImplementation(async () => {
      await useAuthStore.getState().recheckSession();
      return { message: 'Logged out successfully' };
    });
    const errors = vi.spyOn(toast, 'error');
    await useAuthStore.getState().logout();
    expect(errors).not.toHaveBeenCalled();
    expect(useAuthStore.getState().authUser).toBeNull();
    expect(draftStorage.load('me')).toEqual({});
    expect(await outbox.load('me')).toEqual([]);
  });

  it('a logout of all devices does the same on this one', async () => {
    await signedInWithWork();
    vi.spyOn(api, 'logoutAll').mockResolvedValue({ message: 'Logged out of all devices' });
    await useAuthStore.getState().logoutAll();
    expect(draftStorage.load('me')).toEqual({});
    expect(await outbox.load('me')).toEqual([]);
  });

  it('a logout the server refused keeps everything, and says why', async () => {
    await signedInWithWork();
    vi.spyOn(api, 'logout').mockRejectedValue(new ApiError('Too many requests', 429));
    const shown = vi.spyOn(toast, 'error');
    await useAuthStore.getState().logout();
    expect(shown).toHaveBeenCalledWith('Too many requests');
    expect(useAuthStore.getState().authUser).toEqual(me);
    expect(draftStorage.load('me')).toEqual({ carl: 'see you at 8' });
    expect(await outbox.load('me')).toEqual([unsent]);
    expect(useChatStore.getState().selectedUser).toEqual(bob);
  });

  it('a session that ended keeps my drafts and unsent messages for my next login, off the screen meanwhile', async () => {
    await signedInWithWork();
    vi.spyOn(api, 'checkAuth').mockRejectedValue(new ApiError('Not authenticated', 401));
    await useAuthStore.getState().recheckSession();
    expect(useChatStore.getState().pendingMessages).toEqual([]);
    expect(useChatStore.getState().selectedUser).toBeNull();
    expect(draftStorage.load('me')).toEqual({ carl: 'see you at 8' });
    expect(await outbox.load('me')).toEqual([unsent]);
  });
});

describe('opening the app without the server', () => {
  /** The auth store as a freshly opened page has it (its session check runs once per page), with a socket that goes nowhere. */
  const openApp = async () => {
    vi.resetModules();
    vi.doMock('../../src/realtime/socket', () => ({ openSocket: () => ({ connect: vi.fn(), disconnect: vi.fn() }) }));
    const { api: freshApi, ApiError: FreshApiError } = await import('../../src/api/client');
    const { useAuthStore: store } = await import('../../src/store/use-auth-store');
    return { store, api: freshApi, ApiError: FreshApiError };
  };

  afterEach(() => {
    vi.restoreAllMocks();
    vi.doUnmock('../../src/realtime/socket');
  });

  it('opens as whoever was signed in here last when the server cannot be reached, showing it reconnects', async () => {
    const online = await openApp();
    vi.spyOn(online.api, 'checkAuth').mockResolvedValue(me);
    await online.store.getState().checkAuth();

    const offline = await openApp();
    vi.spyOn(offline.api, 'checkAuth').mockRejectedValue(new offline.ApiError('Cannot reach the server. Check your connection.', 0));
    await offline.store.getState().checkAuth();
    expect(offline.store.getState().authUser).toEqual(me);
    expect(offline.store.getState().isReconnecting).toBe(true);
    expect(offline.store.getState().socket).not.toBeNull();
  });

  it('shows the login screen when the server says no one is signed in, and forgets who was', async () => {
    const online = await openApp();
    vi.spyOn(online.api, 'checkAuth').mockResolvedValue(me);
    await online.store.getState().checkAuth();
    const refused = await openApp();
    vi.spyOn(refused.api, 'checkAuth').mockRejectedValue(new refused.ApiError('Unauthorized - No token provided', 401));
    await refused.store.getState().checkAuth();
    expect(refused.store.getState().authUser).toBeNull();

    const offline = await openApp();
    vi.spyOn(offline.api, 'checkAuth').mockRejectedValue(new offline.ApiError('Cannot reach the server. Check your connection.', 0));
    await offline.store.getState().checkAuth();
    expect(offline.store.getState().authUser).toBeNull();
  });
});

describe('changing settings', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useAuthStore.setState({ authUser: null });
  });

  it('keeps a second change on screen when the answer to the first comes after it', async () => {
    useAuthStore.setState({ authUser: me });
    const answers: ((user: typeof me) => void)[] = [];
    vi.spyOn(api, 'updateSettings').mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const first = useAuthStore.getState().updateSettings({ sendReadReceipts: false });
    const second = useAuthStore.getState().updateSettings({ showLastSeen: false });
    answers[0]!({ ...me, settings: { sendReadReceipts: false, showLastSeen: true, callsFrom: 'everyone' } });
    await first;
    expect(useAuthStore.getState().authUser?.settings).toEqual({ sendReadReceipts: false, showLastSeen: false, callsFrom: 'everyone' });
    answers[1]!({ ...me, settings: { sendReadReceipts: false, showLastSeen: false, callsFrom: 'everyone' } });
    await second;
    expect(useAuthStore.getState().authUser?.settings).toEqual({ sendReadReceipts: false, showLastSeen: false, callsFrom: 'everyone' });
  });
});
