import { KeyRound, Download, LogOut, Mail, Trash2, User } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { AboutField } from './about-field';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfilePhoto } from './profile-photo';
import { EXPORT_URL } from '../../api/client';
import { useAuthStore } from '../../store/use-auth-store';
import { useTranslation } from 'react-i18next';

export function ProfilePage() {
  const { t } = useTranslation();
  const authUser = useAuthStore((state) => state.authUser);
  if (!authUser) return null;
  return (
    <main className="min-h-screen pt-20 pb-10">
      <div className="mx-auto max-w-2xl p-4 py-8">
        <div className="space-y-8 rounded-xl bg-base-300 p-6">
          <div className="text-center">
            <h1 className="text-2xl font-semibold">{t('Profile')}</h1>
            <p className="mt-2">{t('Your profile information')}</p>
          </div>
          <ProfilePhoto user={authUser} />
          <div className="space-y-6">
            <ProfileLine icon={<User className="size-4" />} label={t('Full Name')} testId="profile-name" value={authUser.fullName} />
            <ProfileLine icon={<Mail className="size-4" />} label={t('Email Address')} value={authUser.email} />
            <AboutField />
          </div>
          <AccountInformation memberSince={authUser.createdAt.split('T')[0] ?? ''} />
          <AccountActions />
        </div>
      </div>
    </main>
  );
}

/** One of the profile's lines: what it is, and its value. */
function ProfileLine({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId?: string }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-2 text-sm text-muted">
        {icon}
        {label}
      </div>
      <p dir="auto" className="rounded-lg border border-base-content/10 bg-base-200 px-4 py-2.5 wrap-anywhere" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function AccountInformation({ memberSince }: { memberSince: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-base-300 p-6">
      <h2 className="mb-4 text-lg font-medium">{t('Account Information')}</h2>
      <div className="space-y-3 text-sm">
        <div className="flex items-center justify-between border-b border-base-content/10 py-2">
          <span>{t('Member Since')}</span>
          <span>{memberSince}</span>
        </div>
        <div className="flex items-center justify-between py-2">
          <span>{t('Account Status')}</span>
          <span className="flex items-center gap-1.5">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            {t('Active')}
          </span>
        </div>
      </div>
    </div>
  );
}

/** What only the account's owner does: change the password, sign out everywhere, take the data, leave. */
function AccountActions() {
  const { t } = useTranslation();
  const isLoggingOutEverywhere = useAuthStore((state) => state.isLoggingOutEverywhere);
  const logoutAll = useAuthStore((state) => state.logoutAll);
  const [isDeletingAccount, setDeletingAccount] = useState(false);
  const [isChangingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <div className="flex flex-col items-center gap-2 text-center">
        <button type="button" className="btn btn-outline" onClick={() => setChangingPassword(true)}>
          <KeyRound className="size-5" aria-hidden="true" />
          {t('Change password')}
        </button>
        <p className="text-sm text-muted">{t('Your other browsers and devices are signed out when you do.')}</p>
        <ChangePasswordDialog open={isChangingPassword} onDone={() => setChangingPassword(false)} />
      </div>

      <div className="flex flex-col items-center gap-2 text-center">
        <button type="button" className="btn btn-outline" onClick={() => void logoutAll()} disabled={isLoggingOutEverywhere}>
          <LogOut className="size-5 rtl:-scale-x-100" aria-hidden="true" />
          {t('Log out of all devices')}
        </button>
        <p className="text-sm text-muted">{t('Signs you out here and on every other browser and device.')}</p>
      </div>

      <div className="flex flex-col items-center gap-2 text-center">
        <a className="btn btn-outline" href={EXPORT_URL} download>
          <Download className="size-5" aria-hidden="true" />
          {t('Export my data')}
        </a>
        <p className="text-sm text-muted">{t('A zip of your profile, every conversation and their pictures.')}</p>
      </div>

      <div className="flex flex-col items-center gap-2 text-center">
        <button type="button" className="btn btn-ghost text-danger" onClick={() => setDeletingAccount(true)}>
          <Trash2 className="size-5" aria-hidden="true" />
          {t('Delete account')}
        </button>
        <DeleteAccountDialog open={isDeletingAccount} onDone={() => setDeletingAccount(false)} />
      </div>
    </>
  );
}
