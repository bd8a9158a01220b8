import { checkPassword } from '@chat/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useAuthStore } from '../../store/use-auth-store';
import { FormField } from '../session';
import { PasswordField } from '../../ui/password-field';
import { useTranslation } from 'react-i18next';
import { translatable } from '../../i18n';

const NO_PASSWORDS = { current: '', next: '', repeated: '' };

const FIELDS = [
  { field: 'current', label: translatable('Current password'), autoComplete: 'current-password' },
  { field: 'next', label: translatable('New password'), autoComplete: 'new-password' },
  { field: 'repeated', label: translatable('Confirm new password'), autoComplete: 'new-password' },
] as const;

/** Asks for the password in use and the new one twice; this device stays signed in, the others are signed out. */
export function ChangePasswordDialog({ open, onDone }: { open: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(open);
  const changePassword = useAuthStore((state) => state.changePassword);
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const [isChanging, setChanging] = useState(false);
  const type = (field: keyof typeof NO_PASSWORDS) => (value: string) => setPasswords((typed) => ({ ...typed, [field]: value }));

  const close = () => {
    setPasswords(NO_PASSWORDS);
    onDone();
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      checkPassword(passwords.next, 'New password') ??
      (passwords.next !== passwords.repeated ? translatable('The new passwords do not match') : undefined);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    setChanging(true);
    const changed = await changePassword({ currentPassword: passwords.current, newPassword: passwords.next });
    setChanging(false);
    if (changed) close();
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="change-password-title" onClose={close}>
      <form className="modal-box max-w-md space-y-2" onSubmit={(event) => void confirm(event)}>
        <h3 id="change-password-title" className="text-lg font-semibold">
          {t('Change password')}
        </h3>
        <p className="text-sm text-muted">{t('You stay signed in here; every other browser and device of yours is signed out.')}</p>
        {FIELDS.map(({ field, label, autoComplete }) => (
          <FormField key={field} legend={label}>
            <PasswordField label={t(label)} value={passwords[field]} onChange={type(field)} autoComplete={autoComplete} />
          </FormField>
        ))}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('Cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={isChanging || !passwords.current || !passwords.next || !passwords.repeated}
          >
            {t('Change password')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
