import { muteEnd, type ConversationMuted, type MuteDuration } from '@chat/contracts';
import toast from 'react-hot-toast';
import { create } from 'zustand';
import { api } from '../api/client';
import { errorMessage, useAuthStore } from './use-auth-store';
import { t } from '../i18n';

const STORAGE_KEY = 'chat-notifications';

interface NotificationSettings {
  /** Show a desktop notification for a message not in view. */
  desktop: boolean;
  /** Play a short sound with it. */
  sound: boolean;
}

/** Who I muted, by user id: until when (an ISO time), or null for always. */
export type Mutes = Record<string, string | null>;

interface NotificationState extends NotificationSettings {
  /** My muted conversations, as the server keeps them for every device of mine. */
  mutes: Mutes;
  /** Asks the browser's permission (it must come from a click) and turns notifications on if given. */
  enableDesktop(): Promise<void>;
  disableDesktop(): void;
  setSound(sound: boolean): void;
  /** Loads my mutes after a sign-in; mutes this browser kept before they were the account's move to it. */
  loadMutes(): Promise<void>;
  /** Mutes a conversation for `duration`: at once on screen, put back with a toast if the server refuses. */
  mute(userId: string, duration: MuteDuration): Promise<void>;
  unmute(userId: string): Promise<void>;
  /** I muted or unmuted a conversation on another tab or device. */
  applyMute(change: ConversationMuted): void;
}

/** Whether `userId`'s messages notify nothing now. */
export const isMuted = (mutes: Mutes, userId: string, now = Date.now()): boolean =>
  userId in mutes && (mutes[userId] === null || Date.parse(mutes[userId]!) > now);

/** Whether this browser can show notifications at all. */
export const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

/** This browser's settings, and the mutes it kept itself before mutes were the account's. */
function stored(): NotificationSettings & { legacyMuted: string[] } {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<NotificationSettings & { muted: unknown }>;
    const legacyMuted = Array.isArray(value.muted) ? value.muted.filter((id): id is string => typeof id === 'string') : [];
    return { desktop: value.desktop === true, sound: value.sound === true, legacyMuted };
  } catch {
    return { desktop: false, sound: false, legacyMuted: [] };
  }
}

function save(settings: NotificationSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode may refuse storage; the choice still holds for this visit.
  }
}

/** The longest wait a browser timer takes (about 24.8 days): a mute ending later is checked when shown. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Desktop notifications and their sound: this browser's choice, kept in localStorage like the
 * theme. Mutes: the account's, loaded from the server and kept in step by the socket.
 */
export const useNotificationStore = create<NotificationState>((set, get) => {
  const change = (settings: Partial<NotificationSettings>) => {
    set(settings);
    const { desktop, sound } = get();
    save({ desktop, sound });
  };
  /** Each mute's end, so the bell comes back on screen when it lapses. */
  const lapses = new Map<string, ReturnType<typeof setTimeout>>();
  const setMute = (userId: string, until: string | null | undefined) => {
    clearTimeout(lapses.get(userId));
    lapses.delete(userId);
    const { [userId]: _before, ...others } = get().mutes;
    set({ mutes: until === undefined ? others : { ...others, [userId]: until } });
    const left = until ? Date.parse(until) - Date.now() : null;
    if (left !== null && left < MAX_TIMER_MS)
      lapses.set(
        userId,
        setTimeout(() => setMute(userId, undefined), Math.max(left, 0)),
      );
  };
  const { legacyMuted, ...settings } = stored();

  return {
    ...settings,
    mutes: {},

    async enableDesktop() {
      if (!notificationsSupported()) {
        toast.error(t('This browser cannot show notifications'));
        return;
      }
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission !== 'granted') {
        toast.error(t('Notifications are blocked for this site in your browser settings'));
        return;
      }
      change({ desktop: true });
    },

    disableDesktop() {
      change({ desktop: false });
    },

    setSound(sound) {
      change({ sound });
    },

    async loadMutes() {
      const me = useAuthStore.getState().authUser?._id;
      if (!me) return;
      try {
        const mutes = await api.getMutes();
        if (useAuthStore.getState().authUser?._id !== me) return;
        for (const userId of Object.keys(get().mutes)) setMute(userId, undefined);
        for (const { userId, until } of mutes) setMute(userId, until);
        const moving = legacyMuted.splice(0).filter((userId) => !(userId in get().mutes));
        for (const userId of moving) await get().mute(userId, 'always');
        if (moving.length > 0) change({});
      } catch (error) {
        console.error('Could not load the muted conversations', error);
      }
    },

    async mute(userId, duration) {
      const before = get().mutes[userId];
      setMute(userId, muteEnd(duration));
      try {
        setMute(userId, (await api.mute(userId, duration)).until);
      } catch (error) {
        setMute(userId, before);
        toast.error(errorMessage(error));
      }
    },

    async unmute(userId) {
      const before = get().mutes[userId];
      setMute(userId, undefined);
      try {
        await api.unmute(userId);
      } catch (error) {
        setMute(userId, before);
        toast.error(errorMessage(error));
      }
    },

    applyMute({ userId, muted, until }) {
      setMute(userId, muted ? until : undefined);
    },
  };
});

// Another user signing in on this tab hears nothing of the last one's mutes, nor they of theirs.
useAuthStore.subscribe((state, previous) => {
  if (previous.authUser && state.authUser?._id !== previous.authUser._id) {
    const { mutes, applyMute } = useNotificationStore.getState();
    for (const userId of Object.keys(mutes)) applyMute({ userId, muted: false, until: null });
  }
});
