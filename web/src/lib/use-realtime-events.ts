import { useEffect } from 'react';
import type { Message } from './api';
import { useAuthStore } from '../store/use-auth-store';
import { useChatStore } from '../store/use-chat-store';

/** Every socket event the app listens to, bound here and nowhere else. */
export function useRealtimeEvents(): void {
  const socket = useAuthStore((state) => state.socket);

  useEffect(() => {
    if (!socket) return;
    const auth = useAuthStore.getState();
    const chat = () => useChatStore.getState();

    const onOnlineUsers = (ids: string[]) => auth.setOnlineUsers(ids);
    const onPresenceChange = (change: { online: string[]; offline: string[] }) => {
      useAuthStore.getState().applyPresenceChange(change);
      // Someone we have never seen came online: a new signup, so the contact list is stale.
      const known = new Set(chat().users.map((user) => user._id));
      const me = useAuthStore.getState().authUser?._id;
      if (change.online.some((id) => id !== me && !known.has(id))) void chat().getUsers();
    };
    const onNewMessage = (message: Message) => chat().receiveMessage(message);
    const refetch = () => {
      const selected = chat().selectedUser;
      if (selected) void chat().getMessages(selected._id);
      void chat().getUsers();
    };
    let hasConnected = socket.connected;
    const onConnect = () => {
      useAuthStore.getState().setReconnecting(false);
      // Whatever arrived while the connection was down is in the history. Fetched only now that the
      // server has accepted the socket (and listens for our messages again), so nothing falls between.
      if (hasConnected) refetch();
      hasConnected = true;
    };
    // A disconnect the app asked for (logout) is not a lost connection.
    const onDisconnect = (reason: string) => useAuthStore.getState().setReconnecting(reason !== 'io client disconnect');

    const handlers = {
      getOnlineUsers: onOnlineUsers,
      onlineUsersChanged: onPresenceChange,
      newMessage: onNewMessage,
      connect: onConnect,
      disconnect: onDisconnect,
    } as const;
    for (const [event, handler] of Object.entries(handlers)) socket.on(event, handler);
    return () => {
      for (const [event, handler] of Object.entries(handlers)) socket.off(event, handler);
    };
  }, [socket]);
}
