import { useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the person asked their system for less motion (read now, for one-off decisions). */
export const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

function onReducedMotionChange(notify: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

/** Whether the person asks for less motion, following the system setting as it changes. */
export const useReducedMotion = (): boolean => useSyncExternalStore(onReducedMotionChange, prefersReducedMotion);
