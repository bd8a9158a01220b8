import { HANDSHAKE_ERRORS, type Message, type ServerToClientEvents } from '@chat/contracts';
import { useEffect } from 'react';
import { useAuthStore } from '../store/use-auth-store';
import { usePresenceStore } from '../store/use-presence-store';
import { useChatStore } from '../store/use-chat-store';
import { useNotificationStore } from '../store/use-notification-store';
import { useStarredStore } from '../store/use-starred-store';
import { announce } from '../store/use-announcer-store';
import { messagePreview } from '../lib/message-preview';
import { notifyIncoming } from '../features/notifications';
import { watchPresence } from '../features/presence';
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

/** A message from the person whose conversation is open, read out as the list shows it: "Bob Stone: hello". */
function announceIfOpen(message: Message): void {
  const peer = useChatStore.getState().selectedUser;
  if (peer && message.senderId === peer._id) announce(`${peer.fullName}: ${messagePreview(message)}`);
}

/** Every socket event the app listens to, bound here and nowhere else. */
export function useRealtimeEvents(): void {
  const socket = useAuthStore((state) => state.socket);

  useEffect(() => {
    if (!socket) return;
    const chat = () => useChatStore.getState();
    /**
     * Someone we have never seen came online, or signed up, while the whole list is loaded: the list
     * is stale. A signup can come online before the server's list holds them, so their contact's
     * announcement asks again. (With more pages to load, or a search, an unknown id is just not shown.)
     */
    const refreshIfNew = (userIds: string[]) => {
      const { users, usersCursor, usersQuery } = chat();
      if (usersCursor || usersQuery) return;
      const known = new Set(users.map((user) => user._id));
      const me = useAuthStore.getState().authUser?._id;
      if (userIds.some((id) => id !== me && !known.has(id))) void chat().getUsers();
    };

    const onOnlineUsers: Handlers['getOnlineUsers'] = (ids) => usePresenceStore.getState().setOnlineUsers(ids);
    const onPresenceChange: Handlers['onlineUsersChanged'] = (change) => {
      usePresenceStore.getState().applyPresenceChange(change);
      chat().markSeen([...change.online, ...change.offline]);
      if (change.hidden) chat().hideLastSeen(change.hidden);
      refreshIfNew(change.online);
    };
    const onNewMessage: Handlers['newMessage'] = (message, received) => {
      const read = chat().readOnArrival(message);
      chat().receiveMessage(message);
      announceIfOpen(message);
      // This device has it (the sender's second tick), and has read it if its conversation is open.
      received?.(read ? { read: true } : {});
      notifyIncoming(message);
    };
    const onContactChanged: Handlers['contactChanged'] = (contact) => {
      chat().applyContactChange(contact);
      if (!contact.accountDeleted) refreshIfNew([contact._id]);
    };
    const onDelivered: Handlers['messagesDelivered'] = (receipt) => chat().receiveReceipt('delivered', receipt);
    const onRead: Handlers['messagesRead'] = (receipt) => chat().receiveReceipt('read', receipt);
    const onUpdated: Handlers['messageUpdated'] = (message) => {
      chat().receiveUpdate(message);
      useStarredStore.getState().receiveUpdate(message);
    };
    const onStarred: Handlers['messageStarred'] = ({ messageId, starred }) => {
      chat().applyStarred(messageId, starred);
      useStarredStore.getState().applyStarred(messageId, starred);
    };
    const onMessagesHidden: Handlers['messagesHidden'] = ({ userId, messageIds, lastMessage }) => {
      chat().applyGoneForMe(userId, { messageIds }, lastMessage);
      useStarredStore.getState().removeGoneForMe(userId, { messageIds });
    };
    const onConversationCleared: Handlers['conversationCleared'] = ({ userId, upTo }) => {
      chat().applyGoneForMe(userId, { upTo });
      useStarredStore.getState().removeGoneForMe(userId, { upTo });
    };
    const onTyping: Handlers['typing'] = ({ from, isTyping }) => chat().setTyping(from, isTyping);
    // I blocked or unblocked someone on another tab or device.
    const onBlockChanged: Handlers['blockChanged'] = () => void chat().loadBlockedUsers();
    const onConversationPinned: Handlers['conversationPinned'] = ({ userId, pinned }) => chat().applyPinned(userId, pinned);
    const onConversationMuted: Handlers['conversationMuted'] = (change) => useNotificationStore.getState().applyMute(change);
    const onConversationArchived: Handlers['conversationArchived'] = () => chat().applyArchived();
    const onConversationMarkedUnread: Handlers['conversationMarkedUnread'] = ({ userId, markedUnread }) =>
      chat().applyMarkedUnread(userId, markedUnread);
    const refetch = () => {
      const selected = chat().selectedUser;
      if (selected) void chat().getMessages(selected._id);
      void chat().getUsers();
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
      getOnlineUsers: onOnlineUsers,
      onlineUsersChanged: onPresenceChange,
      newMessage: onNewMessage,
      messagesDelivered: onDelivered,
      contactChanged: onContactChanged,
      messagesRead: onRead,
      messageUpdated: onUpdated,
      typing: onTyping,
      blockChanged: onBlockChanged,
      conversationPinned: onConversationPinned,
      conversationMuted: onConversationMuted,
      conversationArchived: onConversationArchived,
      conversationMarkedUnread: onConversationMarkedUnread,
      messageStarred: onStarred,
      messagesHidden: onMessagesHidden,
      conversationCleared: onConversationCleared,
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
