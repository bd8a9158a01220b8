import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSocket } from '../../src/realtime/socket';
import { useRealtimeEvents } from '../../src/realtime/use-realtime-events';
import { useAuthStore } from '../../src/store/use-auth-store';
import { useChatStore } from '../../src/store/use-chat-store';

/** A socket that records what the app asks of it; `connected` says whether the link is up. */
function recordingSocket(connected: boolean) {
  const socket = { connected, on: vi.fn(), off: vi.fn(), connect: vi.fn(), disconnect: vi.fn() };
  socket.disconnect.mockReturnValue(socket);
  return socket;
}

/** The handler the app bound to `event` on the socket. */
const handlerOf = (socket: ReturnType<typeof recordingSocket>, event: string) =>
  socket.on.mock.calls.find(([name]) => name === event)![1] as (payload: unknown) => void;

describe('the realtime connection when the browser comes back online', () => {
  afterEach(() => useAuthStore.setState({ socket: null }));

  it('reconnects at once instead of waiting out the backoff', () => {
    const socket = recordingSocket(false);
    useAuthStore.setState({ socket: socket as unknown as ChatSocket });
    renderHook(() => useRealtimeEvents());
    socket.connect.mockClear();
    window.dispatchEvent(new Event('online'));
    expect(socket.disconnect).toHaveBeenCalledOnce();
    expect(socket.connect).toHaveBeenCalledOnce();
  });

  it('leaves a live connection alone, and stops listening once the socket is gone', () => {
    const socket = recordingSocket(true);
    useAuthStore.setState({ socket: socket as unknown as ChatSocket });
    const { unmount } = renderHook(() => useRealtimeEvents());
    socket.connect.mockClear();
    window.dispatchEvent(new Event('online'));
    expect(socket.connect).not.toHaveBeenCalled();
    socket.connected = false;
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(socket.connect).not.toHaveBeenCalled();
  });
});

describe('the first connection', () => {
  it('is opened once every event is bound, with a handshake that says whom it watches', () => {
    const socket = recordingSocket(false) as ReturnType<typeof recordingSocket> & { auth?: unknown };
    useAuthStore.setState({ socket: socket as unknown as ChatSocket });
    renderHook(() => useRealtimeEvents());
    expect(socket.connect).toHaveBeenCalledOnce();
    const lastBound = Math.max(...socket.on.mock.invocationCallOrder);
    expect(socket.connect.mock.invocationCallOrder[0], 'connected after the last listener').toBeGreaterThan(lastBound);
    expect(socket.on.mock.calls.map(([event]) => event)).toEqual(expect.arrayContaining(['newMessage', 'getOnlineUsers', 'connect']));
    expect(typeof socket.auth, 'the handshake asks whom the socket watches').toBe('function');
  });

  afterEach(() => {
    useAuthStore.setState({ socket: null });
    vi.restoreAllMocks();
  });

  it('loads the inbox again once the socket is up: a message sent while it connected is not missed', () => {
    const socket = recordingSocket(false);
    useAuthStore.setState({ socket: socket as unknown as ChatSocket });
    const getUsers = vi.spyOn(useChatStore.getState(), 'getUsers').mockResolvedValue(undefined);
    renderHook(() => useRealtimeEvents());
    const onConnect = socket.on.mock.calls.find(([event]) => event === 'connect')![1] as () => void;
    onConnect();
    expect(getUsers).toHaveBeenCalledOnce();
  });
});

describe('a new signup while the whole list is loaded', () => {
  afterEach(() => {
    useAuthStore.setState({ socket: null });
    useChatStore.setState({ users: [] });
    vi.restoreAllMocks();
  });

  it('asks for the list again when their contact is announced: they may have come online before the list held them', () => {
    const socket = recordingSocket(true);
    useAuthStore.setState({ socket: socket as unknown as ChatSocket });
    useChatStore.setState({ users: [], usersCursor: null, usersQuery: '' });
    const getUsers = vi.spyOn(useChatStore.getState(), 'getUsers').mockResolvedValue(undefined);
    renderHook(() => useRealtimeEvents());
    getUsers.mockClear(); // the connected socket's first load
    handlerOf(socket, 'contactChanged')({ _id: '0b8f6f55-0c1f-4f3a-9d55-6c1f5a0b2f11', fullName: 'Bob Stone', profilePic: '' });
    expect(getUsers).toHaveBeenCalledOnce();
  });

  it('does not ask again for a contact already listed, nor for an account deleted', () => {
    const socket = recordingSocket(true);
    useAuthStore.setState({ socket: socket as unknown as ChatSocket });
    const known = { _id: '0b8f6f55-0c1f-4f3a-9d55-6c1f5a0b2f11', fullName: 'Bob Stone', profilePic: '' };
    useChatStore.setState({ users: [known as never], usersCursor: null, usersQuery: '' });
    const getUsers = vi.spyOn(useChatStore.getState(), 'getUsers').mockResolvedValue(undefined);
    renderHook(() => useRealtimeEvents());
    getUsers.mockClear(); // the connected socket's first load
    handlerOf(socket, 'contactChanged')({ ...known, fullName: 'Bob S.' });
    handlerOf(
      socket,
      'contactChanged',
    )({ _id: '5d0c3b8e-7f43-4a55-8a41-0f8e2d1c9b22', fullName: 'Deleted user', profilePic: '', accountDeleted: true });
    expect(getUsers).not.toHaveBeenCalled();
  });
});
