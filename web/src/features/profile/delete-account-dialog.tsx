import { useState, type FormEvent } from 'react';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useAuthStore } from '../../store/use-auth-store';
import { PasswordField } from '../../ui/password-field';

/** Asks for my password before deleting my account, saying what goes and what stays. */
export function DeleteAccountDialog({ open, onDone }: { open: boolean; onDone(): void }) {
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
          Delete your account?
        </h3>
        <p className="text-sm text-muted">
          Your profile, photo and the images you sent are removed, and you are signed out everywhere. The people you talked to keep your
          words, shown as from “Deleted user”. This cannot be undone.
        </p>
        <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-error" disabled={isDeleting || password.length === 0}>
            Delete my account
          </button>
        </div>
      </form>
    </dialog>
  );
}
