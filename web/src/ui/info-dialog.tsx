import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from './use-modal-dialog';

interface InfoDialogProps {
  open: boolean;
  /** The id of its title, which names the dialog for assistive technology. */
  id: string;
  title: string;
  onDone(): void;
  /** Its box's classes beyond the width (a column that scrolls a long list, say). */
  className?: string;
  children: ReactNode;
}

/** A dialog that tells something (the keyboard shortcuts, a message's info): its title, what it tells, and Close. */
export function InfoDialog({ open, id, title, onDone, className = '', children }: InfoDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(open);
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={id} onClose={onDone}>
      <div className={`modal-box max-w-md ${className}`}>
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {children}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onDone}>
            {t('Close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
