import { useRef, useState, type TouchEvent } from 'react';
import type { MenuPoint } from './message-menu';

/** How long a finger rests on a message to open its menu, as on phones' own long-press. */
const LONG_PRESS_MS = 500;
/** How far a finger may drift and still be pressing, not scrolling. */
const STILL_PX = 10;
/** How far right a message is pulled to answer it; it follows the finger a little further. */
const SWIPE_REPLY_PX = 64;
const SWIPE_MAX_PX = 96;

interface Press {
  x: number;
  y: number;
  timer: ReturnType<typeof setTimeout>;
  pressed: boolean;
  /** How far right it is pulled: read here at the end, where the shown offset may not be rendered yet. */
  pulled: number;
}

/**
 * A message's touch gestures: a long-press opens its menu (where the browser fires no
 * `contextmenu` for it), a swipe to the right answers it (as WhatsApp), the message following the finger.
 */
export function useMessageGestures({ onLongPress, onSwipe }: { onLongPress?(at: MenuPoint): void; onSwipe?(): void }) {
  const press = useRef<Press | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (event: TouchEvent) => {
    const current = press.current;
    if (!current) return;
    clearTimeout(current.timer);
    // The tap a long-press ends in is not a click on what was pressed.
    if (current.pressed) event.preventDefault();
    if (current.pulled >= SWIPE_REPLY_PX) onSwipe?.();
    press.current = null;
    setOffset(0);
  };
  const handlers = {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1 || (!onLongPress && !onSwipe)) return;
      const at = { x: touch.clientX, y: touch.clientY };
      const timer = setTimeout(() => {
        if (press.current) press.current.pressed = true;
        onLongPress?.(at);
      }, LONG_PRESS_MS);
      press.current = { ...at, timer, pressed: false, pulled: 0 };
    },
    onTouchMove(event: TouchEvent) {
      const current = press.current;
      const touch = event.touches[0];
      if (!current || !touch) return;
      const [dx, dy] = [touch.clientX - current.x, touch.clientY - current.y];
      if (Math.hypot(dx, dy) > STILL_PX) clearTimeout(current.timer);
      if (!onSwipe || current.pressed || dx <= 0 || Math.abs(dy) >= dx) return;
      current.pulled = Math.min(dx, SWIPE_MAX_PX);
      setOffset(current.pulled);
    },
    onTouchEnd: end,
    onTouchCancel: end,
  };
  return { handlers, offset };
}
