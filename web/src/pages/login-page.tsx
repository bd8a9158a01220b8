import { Loader2, Mail, MessageSquare } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthImagePattern } from '../components/auth-image-pattern';
import { PasswordField } from '../components/password-field';
import { useAuthStore } from '../store/use-auth-store';

export function LoginPage() {
  const [form, setForm] = useState({ email: '', password: '' });
  const { login, isLoggingIn } = useAuthStore();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login(form);
  };

  return (
    <main className="grid min-h-screen pt-16 lg:grid-cols-2">
      <div className="flex flex-col items-center justify-center p-6 sm:p-12">
        <div className="w-full max-w-md space-y-8">
          <div className="mb-8 text-center">
            <div className="group flex flex-col items-center gap-2">
              <div className="flex size-12 items-center justify-center rounded-xl bg-primary/10 transition-colors group-hover:bg-primary/20">
                <MessageSquare className="size-6 text-primary" />
              </div>
              <h1 className="mt-2 text-2xl font-bold">Welcome Back</h1>
              <p className="text-base-content/60">Sign in to your account</p>
            </div>
          </div>

          <form onSubmit={onSubmit} className="space-y-6" noValidate>
            <fieldset className="fieldset">
              <legend className="fieldset-legend">Email</legend>
              <label className="input w-full">
                <Mail className="size-5 text-base-content/40" />
                <input
                  type="email"
                  className="grow"
                  placeholder="you@example.com"
                  value={form.email}
                  onChange={(e) => setForm({ ...form, email: e.target.value })}
                  aria-label="Email"
                />
              </label>
            </fieldset>
            <fieldset className="fieldset">
              <legend className="fieldset-legend">Password</legend>
              <PasswordField value={form.password} onChange={(password) => setForm({ ...form, password })} />
            </fieldset>

            <button type="submit" className="btn btn-primary w-full" disabled={isLoggingIn}>
              {isLoggingIn ? (
                <>
                  <Loader2 className="size-5 animate-spin" />
                  Loading...
                </>
              ) : (
                'Sign in'
              )}
            </button>
          </form>

          <div className="text-center">
            <p className="text-base-content/60">
              Don&apos;t have an account?{' '}
              <Link to="/signup" className="link link-primary">
                Create account
              </Link>
            </p>
          </div>
        </div>
      </div>
      <AuthImagePattern
        title="Welcome back!"
        subtitle="Sign in to continue your conversations and catch up with your messages."
      />
    </main>
  );
}
