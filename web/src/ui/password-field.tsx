import { Eye, EyeOff, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  value: string;
  onChange(value: string): void;
  /** What the field is called, to a screen reader and to a password manager's choice of entry. */
  label?: string;
  autoComplete?: 'current-password' | 'new-password';
  /** The id of what is wrong with it, shown under it: the field is marked invalid while there is one. */
  describedBy?: string;
}

export function PasswordField({ value, onChange, label, autoComplete, describedBy }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <label className="input w-full">
      <Lock className="size-5 text-base-content/40" />
      <input
        type={visible ? 'text' : 'password'}
        className="grow"
        placeholder="••••••••"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label ?? t('Password')}
        autoComplete={autoComplete}
        aria-invalid={describedBy ? true : undefined}
        aria-describedby={describedBy}
      />
      <button type="button" onClick={() => setVisible((v) => !v)} aria-label={visible ? t('Hide password') : t('Show password')}>
        {visible ? <EyeOff className="size-5 text-base-content/40" /> : <Eye className="size-5 text-base-content/40" />}
      </button>
    </label>
  );
}
