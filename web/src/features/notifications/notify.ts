import type { Message } from '@chat/contracts';
import { useAuthStore } from '../../store/use-auth-store';
import { openConversationId, useChatStore } from '../../store/use-chat-store';
import { conversationOf } from '../../lib/conversation-of';
import { isMuted, notificationsSupported, useNotificationStore } from '../../store/use-notification-store';
import { messagePreview } from '../../lib/message-preview';
import { t } from '../../i18n';

/** A short two-tone chime, made here: nothing is loaded from anywhere. */
function chime(): void {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    for (const [frequency, start] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + start);
      tone.stop(audio.currentTime + start + 0.2);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // No audio here (autoplay refused, no device): the notification still shows.
  }
}

/**
 * A desktop notification for a message the user cannot see now: to them or in one of their groups
 * (not a line of its story, nor a call's line but a missed call's), not in the open conversation of a visible tab, not muted. The
 * sender's name (a group's name over "Ann: …") and a preview; a click opens that conversation.
 */
export function notifyIncoming(message: Message): void {
  const { desktop, sound, mutes } = useNotificationStore.getState();
  const me = useAuthStore.getState().authUser?._id;
  if (!desktop || !notificationsSupported() || Notification.permission !== 'granted') return;
  if (message.groupId ? message.senderId === me || message.system : message.receiverId !== me) return;
  // Of the lines calls leave, only a missed call is news: an answered or declined one was seen as it rang.
  if (message.call && message.call.outcome !== 'missed') return;
  const conversationId = conversationOf(message, me);
  // A mention reaches me even in a muted conversation, as WhatsApp and Telegram do.
  const mentionsMe = me !== undefined && Boolean(message.mentions?.includes(me));
  if (isMuted(mutes, conversationId) && !mentionsMe) return;
  const chat = useChatStore.getState();
  const inView = openConversationId(chat) === conversationId && document.visibilityState === 'visible';
  if (inView) return;
  const sender = chat.users.find((user) => user._id === message.senderId);
  const group = chat.groups.find((entry) => entry.group._id === message.groupId);
  // A group's: its name over "Ann: …", the sender named by the group's row.
  const author = group?.people.find((person) => person._id === message.senderId)?.fullName ?? sender?.fullName;
  const [title, body] = group
    ? [group.group.name, `${author ?? t('Someone')}: ${messagePreview(message)}`]
    : [sender?.fullName ?? t('New message'), messagePreview(message)];
  // One notification per conversation: a newer message replaces the older one (same tag).
  const notification = new Notification(title, { body, tag: conversationId });
  notification.onclick = () => {
    window.focus();
    if (group) useChatStore.getState().setSelectedGroup(group.group);
    else if (sender) useChatStore.getState().setSelectedUser(sender);
    notification.close();
  };
  if (sound) chime();
}
