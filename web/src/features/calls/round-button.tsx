import type { ReactNode } from 'react';

/** A call's round button, named by its label (its tooltip too); a toggle says whether it is pressed. */
export function RoundButton({
  label,
  onClick,
  pressed,
  className = '',
  children,
}: {
  label: string;
  onClick(): void;
  pressed?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-circle ${className}`}
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
    >
      {children}
    </button>
  );
}
