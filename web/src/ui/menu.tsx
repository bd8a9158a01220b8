import type { KeyboardEvent, ReactNode, RefObject } from 'react';

/** A menu's panel under its button: the arrow keys, Home and End move between its items. */
export function MenuPanel({
  panelRef,
  label,
  children,
}: {
  panelRef: RefObject<HTMLDivElement | null>;
  label: string;
  children: ReactNode;
}) {
  const moveFocus = (event: KeyboardEvent) => {
    const items = Array.from(panelRef.current?.querySelectorAll('button') ?? []);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1 + items.length, Home: 0, End: items.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    items[to % items.length]?.focus();
  };
  return (
    <div
      ref={panelRef}
      role="menu"
      aria-label={label}
      onKeyDown={moveFocus}
      className="absolute top-full end-0 z-30 mt-1 flex w-56 flex-col rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
    >
      {children}
    </div>
  );
}

/** One of a menu's items: its icon, its words, and a line more under them (`detail`, "Muted until …"). */
export function MenuItem({
  icon,
  detail,
  hasPopup,
  isDanger = false,
  onClick,
  children,
}: {
  icon?: ReactNode;
  detail?: string;
  hasPopup?: boolean;
  /** It takes something away (in red): "Remove Bob". */
  isDanger?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      aria-haspopup={hasPopup ? 'menu' : undefined}
      aria-description={detail}
      className={`btn btn-ghost btn-sm h-auto min-h-8 justify-start gap-3 py-1.5 text-start font-normal ${isDanger ? 'text-danger' : ''}`}
      onClick={onClick}
    >
      {icon && <span className="shrink-0 [&>svg]:size-4">{icon}</span>}
      <span className="flex flex-col">
        {children}
        {detail && (
          <span className="text-xs text-muted" aria-hidden="true">
            {detail}
          </span>
        )}
      </span>
    </button>
  );
}
