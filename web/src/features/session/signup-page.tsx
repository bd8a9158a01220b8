import { checkSignup } from '@chat/contracts';
import { User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { AuthLayout, CredentialFields, IconInput, SubmitButton } from './auth-form';
import { useAuthStore } from '../../store/use-auth-store';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from 'react-i18next';
import { translatable } from '../../i18n';

export function SignupPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ fullName: '', email: '', password: '' });
  // What is wrong, under the field it is wrong in, until that field changes.
  const [problem, setProblem] = useState<{ field: keyof typeof form; message: string } | null>(null);
  const change = (next: Partial<typeof form>) => {
    setForm({ ...form, ...next });
    if (problem && problem.field in next) setProblem(null);
  };
  const errors = problem ? { [problem.field]: problem.message } : {};
  const { signup, isSigningUp } = useAuthStore(
    useShallow((state) => ({
      signup: state.signup,
      isSigningUp: state.isSigningUp,
    })),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSignup(form);
    if (!checked.ok) {
      toast.error(t(checked.message));
      setProblem(checked);
      return;
    }
    void signup(form);
  };

  return (
    <AuthLayout
      title={t('Create Account')}
      subtitle={t('Get started with your free account')}
      panelTitle={t('Join our community')}
      panelSubtitle={t('Connect with friends, share moments, and stay in touch with your loved ones.')}
      onSubmit={onSubmit}
      footer={
        <>
          {t('Already have an account?')}{' '}
          <Link to="/login" className="link text-highlight font-medium">
            {t('Sign in')}
          </Link>
        </>
      }
    >
      <IconInput
        label={translatable('Full Name')}
        icon={User}
        type="text"
        placeholder={t('Your Name')}
        value={form.fullName}
        onChange={(fullName) => change({ fullName })}
        error={errors.fullName}
      />
      <CredentialFields email={form.email} password={form.password} onChange={change} errors={errors} />
      <SubmitButton busy={isSigningUp}>{t('Create Account')}</SubmitButton>
    </AuthLayout>
  );
}
