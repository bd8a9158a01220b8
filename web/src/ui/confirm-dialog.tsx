import { useState, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { useTranslation } from 'react-i18next';

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
  /** A milder action offered beside it ("Delete for me" beside "Delete for everyone"). */
  alsoOffer?: { label: string; onConfirm(): Promise<unknown> };
  onDone(): void;
}

/** Asks before an action that cannot be undone: Cancel, perhaps a milder action, or the action in red (each disabled while one runs). */
export function ConfirmDialog({ open, id, title, children, confirmLabel, onConfirm, alsoOffer, onDone }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(open);
  const [isRunning, setRunning] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setRunning(true);
    await action();
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
        {/* Two actions stack, the stronger one on top, as WhatsApp's "Delete for everyone" over "Delete for me". */}
        <div className={alsoOffer ? 'modal-action flex-col-reverse items-end' : 'modal-action'}>
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {t('Cancel')}
          </button>
          {alsoOffer && (
            <button type="button" className="btn btn-outline" onClick={() => void run(alsoOffer.onConfirm)} disabled={isRunning}>
              {alsoOffer.label}
            </button>
          )}
          <button type="button" className="btn btn-error" onClick={() => void run(onConfirm)} disabled={isRunning}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
