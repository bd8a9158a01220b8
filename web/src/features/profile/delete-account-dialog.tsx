import { useState, type FormEvent } from 'react';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useAuthStore } from '../../store/use-auth-store';
import { PasswordField } from '../../ui/password-field';
import { useTranslation } from 'react-i18next';

/** Asks for my password before deleting my account, saying what goes and what stays. */
export function DeleteAccountDialog({ open, onDone }: { open: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(open);
  const deleteAccount = useAuthStore((state) => state.deleteAccount);
  const [password, setPassword] = useState('');
  const [isDeleting, setDeleting] = useState(false);

  const close = () => {
    setPassword('');
    onDone();
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setDeleting(true);
    const deleted = await deleteAccount(password);
    setDeleting(false);
    if (deleted) close();
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="delete-account-title" onClose={close}>
      <form className="modal-box max-w-md space-y-3" onSubmit={(event) => void confirm(event)}>
        <h3 id="delete-account-title" className="text-lg font-semibold">
          {t('Delete your account?')}
        </h3>
        <p className="text-sm text-muted">
          {t(
            'Your profile, photo and the images you sent are removed, and you are signed out everywhere. The people you talked to keep your words, shown as from “Deleted user”. This cannot be undone.',
          )}
        </p>
        <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-error" disabled={isDeleting || password.length === 0}>
            {t('Delete my account')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
