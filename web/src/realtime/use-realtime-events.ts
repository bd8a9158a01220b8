import { HANDSHAKE_ERRORS, type ServerToClientEvents } from '@chat/contracts';
import { useEffect } from 'react';
import { useAuthStore } from '../store/use-auth-store';
import { usePresenceStore } from '../store/use-presence-store';
import { openConversationId, useChatStore } from '../store/use-chat-store';
import { useNotificationStore } from '../store/use-notification-store';
import { callSocketHandlers, useCallStore } from '../features/calls';
import { conversationSocketHandlers } from '../features/conversation';
import { inboxSocketHandlers } from '../features/inbox';
import { notificationSocketHandlers } from '../features/notifications';
import { presenceSocketHandlers, watchPresence } from '../features/presence';
import type { ChatSocket } from './socket';

/** A handler for each event of the contract, and for the connection's own. */
type Handlers = ServerToClientEvents & {
  connect: () => void;
  disconnect: (reason: string) => void;
  connect_error: (error: Error) => void;
};

/** Binds each handler to its event; the returned function unbinds them all. */
function bind(socket: ChatSocket, handlers: Handlers): () => void {
  // Socket.IO's listener types take one event at a time; the table is checked by `Handlers` instead.
  const listeners = Object.entries(handlers) as [keyof ServerToClientEvents, ServerToClientEvents[keyof ServerToClientEvents]][];
  for (const [event, handler] of listeners) socket.on(event, handler);
  return () => {
    for (const [event, handler] of listeners) socket.off(event, handler);
  };
}

/**
 * Every socket event the app listens to, bound here and nowhere else: each feature's handlers for
 * the events it owns, in one table typed by the contracts (an event nobody handles does not compile),
 * and the connection's own.
 */
export function useRealtimeEvents(): void {
  const socket = useAuthStore((state) => state.socket);

  useEffect(() => {
    if (!socket) return;
    const chat = () => useChatStore.getState();
    const refetch = () => {
      const open = openConversationId(chat());
      if (open) void chat().getMessages(open);
      void chat().getUsers();
      void chat().getGroups();
      void chat().loadBlockedUsers();
    };
    // Whose presence this socket hears follows the people on screen.
    const presenceWatch = watchPresence(socket, chat, (count) => usePresenceStore.getState().setOnlineCount(count));
    const stopWatching = useChatStore.subscribe(presenceWatch.update);
    const onConnect = () => {
      presenceWatch.connected();
      useAuthStore.getState().setReconnecting(false);
      // The server is reachable again: what waits in the outbox goes now.
      void chat().resumeOutbox();
      // Whatever arrived while the connection was down, or before it first came up (the inbox loads
      // as the page opens), is in the history. Fetched only now that the server has accepted the
      // socket (and listens for our messages again), so nothing falls between.
      refetch();
      // A call under way here takes its side up again from this new socket.
      void useCallStore.getState().socketBack();
    };
    // A disconnect the app asked for (logout) is not a lost connection. One the server asked for is
    // a session ended elsewhere (a logout of all devices), and Socket.IO does not reconnect it.
    const onDisconnect = (reason: string) => {
      useAuthStore.getState().setReconnecting(reason !== 'io client disconnect');
      if (reason === 'io server disconnect') void useAuthStore.getState().recheckSession();
    };
    // Refused at the handshake: the session may have ended while the connection was down.
    const onConnectError = (error: Error) => {
      if (error.message === HANDSHAKE_ERRORS.notAuthenticated) void useAuthStore.getState().recheckSession();
    };

    // Back online: try now instead of after what is left of the backoff (up to 5 s), as people
    // coming off a train expect. Restarting the manager also resets the backoff.
    const onBrowserOnline = () => {
      if (!socket.connected) socket.disconnect().connect();
      void chat().resumeOutbox();
    };
    window.addEventListener('online', onBrowserOnline);
    // A new sign-in (or a reload) takes up the messages this user's outbox kept, their drafts and mutes.
    void chat().restoreOutbox();
    chat().restoreDrafts();
    void useNotificationStore.getState().loadMutes();
    const unbind = bind(socket, {
      ...presenceSocketHandlers,
      ...inboxSocketHandlers,
      ...conversationSocketHandlers,
      ...notificationSocketHandlers,
      ...callSocketHandlers,
      connect: onConnect,
      disconnect: onDisconnect,
      connect_error: onConnectError,
    });
    socket.connect();
    return () => {
      window.removeEventListener('online', onBrowserOnline);
      stopWatching();
      presenceWatch.stop();
      unbind();
    };
  }, [socket]);
}
