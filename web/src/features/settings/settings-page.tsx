import { formatFileSize } from '@chat/contracts';
import { useEffect, type ReactNode } from 'react';
import { useAnswer } from '../../api/use-answer';
import { storageUsage } from './settings-api';
import { ThemePicker, ThemePreview } from './theme-settings';
import { avatarOf } from '../../lib/avatar';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { notificationsSupported, useNotificationStore } from '../../store/use-notification-store';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, translatable } from '../../i18n';
import { useLanguageStore, type LanguageChoice } from '../../store/use-language-store';

interface SettingToggleProps {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}

/** A switch with its label. */
function SettingToggle({ label, checked, disabled, onChange }: SettingToggleProps) {
  const { t } = useTranslation();
  return (
    <label className="flex w-fit cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        className="toggle toggle-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{t(label)}</span>
    </label>
  );
}

/** A titled group of settings, named by its heading. */
function SettingsSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-3" aria-labelledby={id}>
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {t(title)}
        </h2>
        <p className="text-sm text-muted">{t(description)}</p>
      </div>
      {children}
    </section>
  );
}

/** Desktop notifications for messages not in view, and their optional sound. */
function NotificationSettings() {
  const { desktop, sound, enableDesktop, disableDesktop, setSound } = useNotificationStore(
    useShallow((state) => ({
      desktop: state.desktop,
      sound: state.sound,
      enableDesktop: state.enableDesktop,
      disableDesktop: state.disableDesktop,
      setSound: state.setSound,
    })),
  );
  const supported = notificationsSupported();
  return (
    <SettingsSection
      id="notifications-heading"
      title={translatable('Notifications')}
      description={
        supported
          ? translatable('A message you are not looking at shows on your desktop')
          : translatable('This browser cannot show notifications')
      }
    >
      <SettingToggle
        label={translatable('Desktop notifications')}
        checked={desktop}
        disabled={!supported}
        onChange={(on) => (on ? void enableDesktop() : disableDesktop())}
      />
      <SettingToggle label={translatable('Play a sound')} checked={sound} disabled={!desktop} onChange={setSound} />
    </SettingsSection>
  );
}

/** What others may see of me: read receipts and last seen, kept on the server for every device. */
function PrivacySettings() {
  const settings = useAuthStore((state) => state.authUser?.settings);
  const updateSettings = useAuthStore((state) => state.updateSettings);
  if (!settings) return null;
  return (
    <SettingsSection
      id="privacy-heading"
      title={translatable('Privacy')}
      description={translatable('Turned off, you do not see others’ read receipts or last seen either')}
    >
      <SettingToggle
        label={translatable('Send read receipts')}
        checked={settings.sendReadReceipts}
        disabled={false}
        onChange={(on) => void updateSettings({ sendReadReceipts: on })}
      />
      <SettingToggle
        label={translatable('Show last seen')}
        checked={settings.showLastSeen}
        disabled={false}
        onChange={(on) => void updateSettings({ showLastSeen: on })}
      />
    </SettingsSection>
  );
}

/** Who may call me: everyone, the people I have a conversation with, or nobody; kept on the server for every device. */
function CallSettings() {
  const { t } = useTranslation();
  const callsFrom = useAuthStore((state) => state.authUser?.settings.callsFrom ?? 'everyone');
  const updateSettings = useAuthStore((state) => state.updateSettings);
  const choices = [
    ['everyone', translatable('Everyone')],
    ['contacts', translatable('People I have talked to')],
    ['nobody', translatable('Nobody')],
  ] as const;
  return (
    <SettingsSection id="calls-heading" title={translatable('Calls')} description={translatable('Who can call me')}>
      <div role="radiogroup" aria-labelledby="calls-heading" className="flex flex-col gap-2">
        {choices.map(([value, label]) => (
          <label key={value} className="flex w-fit cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="calls-from"
              className="radio radio-primary"
              checked={callsFrom === value}
              onChange={() => void updateSettings({ callsFrom: value })}
            />
            <span>{t(label)}</span>
          </label>
        ))}
      </div>
    </SettingsSection>
  );
}

/** The contacts I blocked, each with a way back. */
function BlockedContacts() {
  const { t } = useTranslation();
  const blockedUsers = useChatStore((state) => state.blockedUsers);
  const unblockUser = useChatStore((state) => state.unblockUser);
  useEffect(() => {
    void useChatStore.getState().loadBlockedUsers();
  }, []);
  return (
    <SettingsSection
      id="blocked-heading"
      title={translatable('Blocked contacts')}
      description={translatable('They cannot message you, and you do not see each other online')}
    >
      {blockedUsers.length === 0 ? (
        <p className="text-sm">{t('Nobody is blocked')}</p>
      ) : (
        <ul className="space-y-2">
          {blockedUsers.map((user) => (
            <li key={user._id} className="flex items-center gap-3">
              <img src={avatarOf(user.profilePic)} alt={user.fullName} className="size-8 rounded-full" />
              <span className="flex-1 truncate">
                <bdi>{user.fullName}</bdi>
              </span>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => void unblockUser(user._id)}
                aria-label={t('Unblock {{name}}', { name: user.fullName })}
              >
                {t('Unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

/** What my photos and files take of the room the server gives each user, as a bar. */
function StorageSettings() {
  const { t } = useTranslation();
  // Mine, whoever asks: one key for the one answer.
  const usage = useAnswer('mine', storageUsage);
  if (!usage) return null;
  const used = t('{{used}} of {{allowed}} used', { used: formatFileSize(usage.usedBytes), allowed: formatFileSize(usage.allowedBytes) });
  return (
    <SettingsSection
      id="storage-heading"
      title={translatable('Storage')}
      description={translatable('The photos and files you send are kept for both of you until deleted')}
    >
      <progress className="progress progress-primary w-full max-w-md" value={usage.usedBytes} max={usage.allowedBytes} aria-label={used} />
      <p className="text-sm" dir="auto">
        {used}
      </p>
    </SettingsSection>
  );
}

/** The app's language: the browser's own, or one chosen here (this browser's choice, like the theme). */
function LanguageSettings() {
  const { t } = useTranslation();
  const { choice, choose } = useLanguageStore(useShallow((state) => ({ choice: state.choice, choose: state.choose })));
  return (
    <SettingsSection id="language-heading" title={translatable('Language')} description={translatable('The words and dates of the app')}>
      <select
        className="select w-full max-w-xs"
        aria-label={t('Language')}
        value={choice}
        onChange={(event) => choose(event.target.value as LanguageChoice)}
      >
        <option value="auto">{t('Automatic (the browser’s language)')}</option>
        {Object.entries(LANGUAGES).map(([code, { name }]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </SettingsSection>
  );
}

export function SettingsPage() {
  return (
    <main className="container mx-auto min-h-screen max-w-5xl px-4 pt-20 pb-10">
      <div className="space-y-6">
        <ThemePicker />
        <ThemePreview />
        <LanguageSettings />
        <NotificationSettings />
        <PrivacySettings />
        <CallSettings />
        <BlockedContacts />
        <StorageSettings />
      </div>
    </main>
  );
}
