import type { SocketHandlers } from '../../realtime/socket-handlers';
import { useNotificationStore } from '../../store/use-notification-store';

/** What notifications hear: a conversation muted or unmuted on another device. */
export const notificationSocketHandlers: SocketHandlers<'conversationMuted'> = {
  conversationMuted: (change) => useNotificationStore.getState().applyMute(change),
};
