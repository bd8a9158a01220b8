import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout, CredentialFields, SubmitButton } from './auth-form';
import { useAuthStore } from '../../store/use-auth-store';
import { useShallow } from 'zustand/react/shallow';

export function LoginPage() {
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
      title="Welcome Back"
      subtitle="Sign in to your account"
      panelTitle="Welcome back!"
      panelSubtitle="Sign in to continue your conversations and catch up with your messages."
      onSubmit={onSubmit}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="link text-highlight font-medium">
            Create account
          </Link>
        </>
      }
    >
      <CredentialFields email={form.email} password={form.password} onChange={(change) => setForm({ ...form, ...change })} />
      <SubmitButton busy={isLoggingIn}>Sign in</SubmitButton>
    </AuthLayout>
  );
}
