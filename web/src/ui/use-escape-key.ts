import { useCallback, useEffect, useRef } from 'react';

/** Calls `onEscape` when Escape is pressed anywhere on the page, while `active` holds (an open picker, a popover). */
export function useEscapeKey(active: boolean, onEscape: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, onEscape]);
}

/**
 * Escape closes a picker or menu and gives focus back to what opened it, as a menu does. The opener
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
  useEscapeKey(open, closeAndRefocus);
}
