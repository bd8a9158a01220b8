import { useState, type ReactNode } from 'react';
import { useModalDialog } from '../lib/use-modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  /** Names the dialog's heading, for the dialog's accessible name. */
  id: string;
  title: ReactNode;
  /** What the action does, said before it is done. */
  children: ReactNode;
  confirmLabel: string;
  /** The action; the dialog closes once it settles. */
  onConfirm(): Promise<unknown>;
  onDone(): void;
}

/** Asks before an action that cannot be undone: Cancel, or the action in red (disabled while it runs). */
export function ConfirmDialog({ open, id, title, children, confirmLabel, onConfirm, onDone }: ConfirmDialogProps) {
  const dialogRef = useModalDialog(open);
  const [isRunning, setRunning] = useState(false);

  const confirm = async () => {
    setRunning(true);
    await onConfirm();
    setRunning(false);
    onDone();
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={id} onClose={onDone}>
      <div className="modal-box max-w-sm">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="py-3 text-sm text-muted">{children}</p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
          <button type="button" className="btn btn-error" onClick={() => void confirm()} disabled={isRunning}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
