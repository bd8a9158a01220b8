import { Loader2, Mail, MessageSquare, type LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { AuthImagePattern } from './auth-image-pattern';
import { PasswordField } from '../../ui/password-field';
import { useTranslation } from 'react-i18next';
import { translatable } from '../../i18n';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  panelTitle: string;
  panelSubtitle: string;
  onSubmit: (event: FormEvent) => void;
  footer: ReactNode;
  children: ReactNode;
}

/** The signup and login screens: heading, form, link to the other screen, and the side panel. */
export function AuthLayout({ title, subtitle, panelTitle, panelSubtitle, onSubmit, footer, children }: AuthLayoutProps) {
  return (
    <main className="grid min-h-screen pt-16 lg:grid-cols-2">
      <div className="flex flex-col items-center justify-center p-6 sm:p-12">
        <div className="w-full max-w-md space-y-8">
          <div className="mb-8 text-center">
            <div className="group flex flex-col items-center gap-2">
              <div className="flex size-12 items-center justify-center rounded-xl bg-primary/10 transition-colors group-hover:bg-primary/20">
                <MessageSquare className="size-6 text-primary" />
              </div>
              <h1 className="mt-2 text-2xl font-bold">{title}</h1>
              <p className="text-muted">{subtitle}</p>
            </div>
          </div>
          <form onSubmit={onSubmit} className="space-y-6" noValidate>
            {children}
          </form>
          <div className="text-center">
            <p className="text-muted">{footer}</p>
          </div>
        </div>
      </div>
      <AuthImagePattern title={panelTitle} subtitle={panelSubtitle} />
    </main>
  );
}

/** The id of the words under a field saying what is wrong with it, for its input's aria-describedby (from its English name). */
export const errorIdOf = (label: string) => `${label.toLowerCase().replace(/\W+/g, '-')}-error`;

/**
 * A field under its legend, and what is wrong with it under it (the toast says it too, and goes).
 * Its legend and error come in English, the keys of their words in the language in use.
 */
export function FormField({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">{t(legend)}</legend>
      {children}
      {error && (
        <p id={errorIdOf(legend)} className="text-sm text-danger">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

interface IconInputProps {
  label: string;
  icon: LucideIcon;
  type: 'text' | 'email';
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with it, shown under it. */
  error?: string;
}

/** A labelled text input with its icon inside the box. */
export function IconInput({ label, icon: Icon, type, placeholder, value, onChange, error }: IconInputProps) {
  const { t } = useTranslation();
  return (
    <FormField legend={label} error={error}>
      <label className="input w-full">
        <Icon className="size-5 text-base-content/40" />
        <input
          type={type}
          className="grow"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-label={t(label)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(label) : undefined}
        />
      </label>
    </FormField>
  );
}

interface Credentials {
  email: string;
  password: string;
}

/** Email and password, asked the same way on signup and login. */
export function CredentialFields({
  email,
  password,
  onChange,
  errors = {},
}: Credentials & { onChange(change: Partial<Credentials>): void; errors?: Partial<Credentials> }) {
  const { t } = useTranslation();
  return (
    <>
      <IconInput
        label={translatable('Email')}
        icon={Mail}
        type="email"
        placeholder={t('you@example.com')}
        value={email}
        onChange={(value) => onChange({ email: value })}
        error={errors.email}
      />
      <FormField legend={translatable('Password')} error={errors.password}>
        <PasswordField
          value={password}
          onChange={(value) => onChange({ password: value })}
          describedBy={errors.password ? errorIdOf('Password') : undefined}
        />
      </FormField>
    </>
  );
}

/** The form's button; it reads 'Loading...' while the request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy}>
      {busy ? (
        <>
          <Loader2 className="size-5 animate-spin" />
          {t('Loading...')}
        </>
      ) : (
        children
      )}
    </button>
  );
}
