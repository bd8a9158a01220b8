import { useEffect, useRef } from 'react';
import { useEscapeToClose } from './use-escape-key';

/**
 * A popover (a picker, a menu) while it is shown: its first button takes the focus as it opens, and
 * Escape (focus back on what opened it) or a press anywhere outside it closes it. Put the returned
 * ref on its element.
 */
export function usePopover(onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEscapeToClose(true, onClose);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener('pointerdown', onPointer);
    return () => window.removeEventListener('pointerdown', onPointer);
  }, [onClose]);
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
  }, []);
  return ref;
}
