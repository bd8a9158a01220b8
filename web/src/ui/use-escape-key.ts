import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onEscape` when Escape is pressed anywhere on the page, while `active` holds (an open picker, a
 * popover). `onTop`: it takes Escape before everything else and alone, as what is open over the rest
 * (a member's menu closes, not the group's info under it).
 */
export function useEscapeKey(active: boolean, onEscape: () => void, onTop = false): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (onTop) event.stopPropagation();
      onEscape();
    };
    // Listening as the event comes down to its target, it is heard before any listener on its way back up.
    window.addEventListener('keydown', onKey, onTop);
    return () => window.removeEventListener('keydown', onKey, onTop);
  }, [active, onEscape, onTop]);
}

/**
 * Escape closes a picker or menu, and nothing under it, and gives focus back to what opened it, as a menu does. The opener
 * is read while rendering the opening, before that commit can move focus into the picker.
 */
export function useEscapeToClose(open: boolean, close: () => void): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  wasOpen.current = open;
  const closeAndRefocus = useCallback(() => {
    close();
    opener.current?.focus();
  }, [close]);
  useEscapeKey(open, closeAndRefocus, true);
}
