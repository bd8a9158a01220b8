import { create } from 'zustand';

/** How many announcements the live region keeps: older ones were read already. */
const ANNOUNCEMENTS_KEPT = 5;

export interface Announcement {
  id: number;
  text: string;
}

interface AnnouncerState {
  /** What a screen reader was last told, oldest first. */
  announcements: Announcement[];
  announce(text: string): void;
}

/** What the app tells a screen reader without moving focus: new messages, toasts, the connection. */
export const useAnnouncerStore = create<AnnouncerState>((set) => {
  let lastId = 0;
  return {
    announcements: [],
    announce(text) {
      set((state) => ({ announcements: [...state.announcements, { id: ++lastId, text }].slice(-ANNOUNCEMENTS_KEPT) }));
    },
  };
});

/** Says `text` politely, after what the screen reader is reading now. */
export const announce = (text: string): void => useAnnouncerStore.getState().announce(text);
