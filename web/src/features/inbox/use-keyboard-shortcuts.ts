import { useEffect } from 'react';
import { useChatStore } from '../../store/use-chat-store';

/** The sidebar's contact search, which Ctrl+K (⌘K) goes to. */
export const CONTACT_SEARCH_ID = 'contact-search';

/**
 * The shortcuts of desktop messengers: Alt+↓ and Alt+↑ open the next and the previous conversation
 * of the list (the first one when none is open), Ctrl+K (⌘K on a Mac) goes to the contact search,
 * and Ctrl+/ (⌘/) asks for the list of them all (`showShortcuts`).
 */
export function useKeyboardShortcuts(showShortcuts: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        const { users, selectedUser, setSelectedUser } = useChatStore.getState();
        if (users.length === 0) return;
        event.preventDefault();
        const at = users.findIndex((user) => user._id === selectedUser?._id);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setSelectedUser(users[at === -1 ? 0 : Math.min(Math.max(at + step, 0), users.length - 1)]!);
      } else if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        const search = document.getElementById(CONTACT_SEARCH_ID);
        if (!(search instanceof HTMLInputElement)) return;
        event.preventDefault();
        search.focus();
        search.select();
      } else if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key === '/') {
        event.preventDefault();
        showShortcuts();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [showShortcuts]);
}
