import { useEffect } from 'react';

/** The CSS variable that holds the height of what is visible of the page, in px. */
export const VISIBLE_HEIGHT_VAR = '--visible-height';

/**
 * Keeps `--visible-height` at the height of the part of the page on screen: less than the window
 * while an on-screen keyboard is open. Chrome on Android shrinks the page itself for the keyboard
 * (`interactive-widget=resizes-content`); Safari on iOS does not, and lays the keyboard over the
 * page's bottom, where the message box is: a page sized by this variable keeps the box above it.
 * A pinch-zoom shrinks the visual viewport too, so its scale is taken back out.
 */
export function useVisibleHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(VISIBLE_HEIGHT_VAR, `${Math.round(viewport.height * viewport.scale)}px`);
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty(VISIBLE_HEIGHT_VAR);
    };
  }, []);
}
