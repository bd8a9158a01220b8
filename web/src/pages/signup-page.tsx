import { Loader2, Mail, MessageSquare, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { AuthImagePattern } from '../components/auth-image-pattern';
import { PasswordField } from '../components/password-field';
import { signupError } from '../lib/validate-signup';
import { useAuthStore } from '../store/use-auth-store';

export function SignupPage() {
  const [form, setForm] = useState({ fullName: '', email: '', password: '' });
  const { signup, isSigningUp } = useAuthStore();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = signupError(form);
    if (error) {
      toast.error(error);
      return;
    }
    void signup(form);
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
              <h1 className="mt-2 text-2xl font-bold">Create Account</h1>
              <p className="text-base-content/60">Get started with your free account</p>
            </div>
          </div>

          <form onSubmit={onSubmit} className="space-y-6" noValidate>
            <fieldset className="fieldset">
              <legend className="fieldset-legend">Full Name</legend>
              <label className="input w-full">
                <User className="size-5 text-base-content/40" />
                <input
                  type="text"
                  className="grow"
                  placeholder="Your Name"
                  value={form.fullName}
                  onChange={(e) => setForm({ ...form, fullName: e.target.value })}
                  aria-label="Full Name"
                />
              </label>
            </fieldset>
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

            <button type="submit" className="btn btn-primary w-full" disabled={isSigningUp}>
              {isSigningUp ? (
                <>
                  <Loader2 className="size-5 animate-spin" />
                  Loading...
                </>
              ) : (
                'Create Account'
              )}
            </button>
          </form>

          <div className="text-center">
            <p className="text-base-content/60">
              Already have an account?{' '}
              <Link to="/login" className="link link-primary">
                Sign in
              </Link>
            </p>
          </div>
        </div>
      </div>
      <AuthImagePattern
        title="Join our community"
        subtitle="Connect with friends, share moments, and stay in touch with your loved ones."
      />
    </main>
  );
}
