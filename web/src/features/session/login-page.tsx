import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthLayout, CredentialFields, SubmitButton } from './auth-form';
import { useAuthStore } from '../../store/use-auth-store';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from 'react-i18next';

export function LoginPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ email: '', password: '' });
  const { login, isLoggingIn } = useAuthStore(
    useShallow((state) => ({
      login: state.login,
      isLoggingIn: state.isLoggingIn,
    })),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login(form);
  };

  return (
    <AuthLayout
      title={t('Welcome Back')}
      subtitle={t('Sign in to your account')}
      panelTitle={t('Welcome back!')}
      panelSubtitle={t('Sign in to continue your conversations and catch up with your messages.')}
      onSubmit={onSubmit}
      footer={
        <>
          {t("Don't have an account?")}{' '}
          <Link to="/signup" className="link text-highlight font-medium">
            {t('Create account')}
          </Link>
        </>
      }
    >
      <CredentialFields email={form.email} password={form.password} onChange={(change) => setForm({ ...form, ...change })} />
      <SubmitButton busy={isLoggingIn}>{t('Sign in')}</SubmitButton>
    </AuthLayout>
  );
}
