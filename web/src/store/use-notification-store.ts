import toast from 'react-hot-toast';
import { create } from 'zustand';

const STORAGE_KEY = 'chat-notifications';

interface NotificationSettings {
  /** Show a desktop notification for a message not in view. */
  desktop: boolean;
  /** Play a short sound with it. */
  sound: boolean;
  /** The people whose messages notify nothing, by user id. */
  muted: string[];
}

interface NotificationState extends NotificationSettings {
  /** Asks the browser's permission (it must come from a click) and turns notifications on if given. */
  enableDesktop(): Promise<void>;
  disableDesktop(): void;
  setSound(sound: boolean): void;
  /** Mutes or unmutes a conversation's notifications in this browser. */
  setMuted(userId: string, muted: boolean): void;
}

/** Whether this browser can show notifications at all. */
export const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

function stored(): NotificationSettings {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<NotificationSettings>;
    const muted = Array.isArray(value.muted) ? value.muted.filter((id): id is string => typeof id === 'string') : [];
    return { desktop: value.desktop === true, sound: value.sound === true, muted };
  } catch {
    return { desktop: false, sound: false, muted: [] };
  }
}

function save(settings: NotificationSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode may refuse storage; the choice still holds for this visit.
  }
}

/** Desktop notifications, their sound and the muted conversations: this browser's choice, kept in localStorage like the theme. */
export const useNotificationStore = create<NotificationState>((set, get) => {
  const change = (settings: Partial<NotificationSettings>) => {
    set(settings);
    const { desktop, sound, muted } = get();
    save({ desktop, sound, muted });
  };
  return {
    ...stored(),

    async enableDesktop() {
      if (!notificationsSupported()) {
        toast.error('This browser cannot show notifications');
        return;
      }
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission !== 'granted') {
        toast.error('Notifications are blocked for this site in your browser settings');
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

    setMuted(userId, muted) {
      const others = get().muted.filter((id) => id !== userId);
      change({ muted: muted ? [...others, userId] : others });
    },
  };
});
