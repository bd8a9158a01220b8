import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSocket } from '../../src/lib/socket';
import { useRealtimeEvents } from '../../src/lib/use-realtime-events';
import { useAuthStore } from '../../src/store/use-auth-store';
import { useChatStore } from '../../src/store/use-chat-store';

/** A socket that records what the app asks of it; `connected` says whether the link is up. */
function recordingSocket(connected: boolean) {
  const socket = { connected, on: vi.fn(), off: vi.fn(), connect: vi.fn(), disconnect: vi.fn() };
  socket.disconnect.mockReturnValue(socket);
  return socket;
}

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
