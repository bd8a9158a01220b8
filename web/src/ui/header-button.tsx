import type { ReactNode } from 'react';

/** The conversation header's round buttons (close, search, the menu): 44 px touch targets on a phone. */
export const HEADER_BUTTON = 'btn btn-ghost btn-circle max-md:size-11 md:btn-sm';

/** A round header button showing only its icon: its label is its name for screen readers and its tooltip. */
export function HeaderIconButton({
  label,
  onClick,
  className = '',
  children,
}: {
  label: string;
  onClick(): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`${HEADER_BUTTON} ${className}`} onClick={onClick} aria-label={label} title={label}>
      {children}
    </button>
  );
}
