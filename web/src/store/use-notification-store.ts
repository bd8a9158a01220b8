import toast from 'react-hot-toast';
import { create } from 'zustand';

const STORAGE_KEY = 'chat-notifications';

interface NotificationSettings {
  /** Show a desktop notification for a message not in view. */
  desktop: boolean;
  /** Play a short sound with it. */
  sound: boolean;
}

interface NotificationState extends NotificationSettings {
  /** Asks the browser's permission (it must come from a click) and turns notifications on if given. */
  enableDesktop(): Promise<void>;
  disableDesktop(): void;
  setSound(sound: boolean): void;
}

/** Whether this browser can show notifications at all. */
export const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

function stored(): NotificationSettings {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<NotificationSettings>;
    return { desktop: value.desktop === true, sound: value.sound === true };
  } catch {
    return { desktop: false, sound: false };
  }
}

function save(settings: NotificationSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode may refuse storage; the choice still holds for this visit.
  }
}

/** Desktop notifications and their sound: this browser's choice, kept in localStorage like the theme. */
export const useNotificationStore = create<NotificationState>((set, get) => ({
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
    set({ desktop: true });
    save({ desktop: true, sound: get().sound });
  },

  disableDesktop() {
    set({ desktop: false });
    save({ desktop: false, sound: get().sound });
  },

  setSound(sound) {
    set({ sound });
    save({ desktop: get().desktop, sound });
  },
}));
