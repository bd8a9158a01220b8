import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEscapeKey } from './use-escape-key';

interface SidePanelProps {
  /** Its heading, and its name for screen readers ("Contact info"). */
  title: string;
  /** The close button's name ("Close contact info"). */
  closeLabel: string;
  onClose(): void;
  /** Escape closes it while true (a dialog over it takes Escape first). */
  closesOnEscape?: boolean;
  children: ReactNode;
}

/** A panel over the conversation's side (the whole conversation on a phone), as WhatsApp's info panels: a heading, a way to close it, what it holds. */
export function SidePanel({ title, closeLabel, onClose, closesOnEscape = true, children }: SidePanelProps) {
  useEscapeKey(closesOnEscape, onClose);
  return (
    <aside
      aria-label={title}
      className="absolute inset-0 z-20 flex flex-col overflow-y-auto bg-base-100 sm:start-auto sm:w-96 sm:border-s sm:border-base-300"
    >
      {/* Its heading stays while what it holds scrolls under it, and with it the way to close it. */}
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-base-300 bg-base-100 p-2.5">
        <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={closeLabel}>
          <X className="size-5" />
        </button>
        <h2 className="font-medium">{title}</h2>
      </div>
      {children}
    </aside>
  );
}
