import { Send } from 'lucide-react';
import { formatFileSize, type StorageUsage } from '@chat/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { storageUsage } from './settings-api';
import { avatarOf } from '../../lib/avatar';
import { THEMES } from '../../lib/themes';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { notificationsSupported, useNotificationStore } from '../../store/use-notification-store';
import { useThemeStore } from '../../store/use-theme-store';
import { useShallow } from 'zustand/react/shallow';

const PREVIEW_MESSAGES = [
  { id: 1, content: "Hey! How's it going?", isSent: false },
  { id: 2, content: "I'm doing great! Just working on some new features.", isSent: true },
];

interface SettingToggleProps {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}

/** A switch with its label. */
function SettingToggle({ label, checked, disabled, onChange }: SettingToggleProps) {
  return (
    <label className="flex w-fit cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        className="toggle toggle-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** A titled group of settings, named by its heading. */
function SettingsSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-labelledby={id}>
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted">{description}</p>
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
      title="Notifications"
      description={supported ? 'A message you are not looking at shows on your desktop' : 'This browser cannot show notifications'}
    >
      <SettingToggle
        label="Desktop notifications"
        checked={desktop}
        disabled={!supported}
        onChange={(on) => (on ? void enableDesktop() : disableDesktop())}
      />
      <SettingToggle label="Play a sound" checked={sound} disabled={!desktop} onChange={setSound} />
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
      title="Privacy"
      description="Turned off, you do not see others’ read receipts or last seen either"
    >
      <SettingToggle
        label="Send read receipts"
        checked={settings.sendReadReceipts}
        disabled={false}
        onChange={(on) => void updateSettings({ sendReadReceipts: on })}
      />
      <SettingToggle
        label="Show last seen"
        checked={settings.showLastSeen}
        disabled={false}
        onChange={(on) => void updateSettings({ showLastSeen: on })}
      />
    </SettingsSection>
  );
}

/** The contacts I blocked, each with a way back. */
function BlockedContacts() {
  const blockedUsers = useChatStore((state) => state.blockedUsers);
  const unblockUser = useChatStore((state) => state.unblockUser);
  useEffect(() => {
    void useChatStore.getState().loadBlockedUsers();
  }, []);
  return (
    <SettingsSection
      id="blocked-heading"
      title="Blocked contacts"
      description="They cannot message you, and you do not see each other online"
    >
      {blockedUsers.length === 0 ? (
        <p className="text-sm">Nobody is blocked</p>
      ) : (
        <ul className="space-y-2">
          {blockedUsers.map((user) => (
            <li key={user._id} className="flex items-center gap-3">
              <img src={avatarOf(user.profilePic)} alt={user.fullName} className="size-8 rounded-full" />
              <span className="flex-1 truncate">{user.fullName}</span>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => void unblockUser(user._id)}
                aria-label={`Unblock ${user.fullName}`}
              >
                Unblock
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
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  useEffect(() => {
    let current = true;
    storageUsage().then(
      (answer) => current && setUsage(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!usage) return null;
  const used = `${formatFileSize(usage.usedBytes)} of ${formatFileSize(usage.allowedBytes)} used`;
  return (
    <SettingsSection
      id="storage-heading"
      title="Storage"
      description="The photos and files you send are kept for both of you until deleted"
    >
      <progress className="progress progress-primary w-full max-w-md" value={usage.usedBytes} max={usage.allowedBytes} aria-label={used} />
      <p className="text-sm" dir="auto">
        {used}
      </p>
    </SettingsSection>
  );
}

export function SettingsPage() {
  return (
    <main className="container mx-auto min-h-screen max-w-5xl px-4 pt-20 pb-10">
      <div className="space-y-6">
        <ThemePicker />
        <h3 className="mb-3 text-lg font-semibold">Preview</h3>
        <ThemePreview />
        <NotificationSettings />
        <PrivacySettings />
        <BlockedContacts />
        <StorageSettings />
      </div>
    </main>
  );
}

/** Every theme as a swatch of its four colours; the chosen one pressed. */
function ThemePicker() {
  const { theme, setTheme } = useThemeStore(
    useShallow((state) => ({
      theme: state.theme,
      setTheme: state.setTheme,
    })),
  );
  return (
    <>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Theme</h2>
        <p className="text-sm text-muted">Choose a theme for your chat interface</p>
      </div>

      <div className="grid grid-cols-4 gap-2 sm:grid-cols-6 md:grid-cols-8">
        {THEMES.map((name) => (
          <button
            type="button"
            key={name}
            onClick={() => setTheme(name)}
            aria-pressed={theme === name}
            className={`group flex flex-col items-center gap-1.5 rounded-lg p-2 transition-colors ${
              theme === name ? 'bg-base-200 ring-2 ring-primary' : 'hover:bg-base-200/50'
            }`}
          >
            <div className="relative h-8 w-full overflow-hidden rounded-md" data-theme={name}>
              <div className="absolute inset-0 grid grid-cols-4 gap-px p-1">
                <div className="rounded bg-primary" />
                <div className="rounded bg-secondary" />
                <div className="rounded bg-accent" />
                <div className="rounded bg-neutral" />
              </div>
            </div>
            <span className="w-full truncate text-center text-[11px] font-medium">{name.charAt(0).toUpperCase() + name.slice(1)}</span>
          </button>
        ))}
      </div>
    </>
  );
}

/** A conversation as the chosen theme shows it. */
function ThemePreview() {
  return (
    <div className="overflow-hidden rounded-xl border border-base-300 bg-base-100 shadow-lg">
      <div className="bg-base-200 p-4">
        <div className="mx-auto max-w-lg">
          <div className="overflow-hidden rounded-xl bg-base-100 shadow-sm">
            <div className="border-b border-base-300 bg-base-100 px-4 py-3">
              <div className="flex items-center gap-3">
                <div className="flex size-8 items-center justify-center rounded-full bg-primary font-medium text-on-primary">J</div>
                <div>
                  <h3 className="text-sm font-medium">John Doe</h3>
                  <p className="text-xs text-muted">Online</p>
                </div>
              </div>
            </div>

            <div className="max-h-[200px] min-h-[200px] space-y-4 overflow-y-auto bg-base-100 p-4">
              {PREVIEW_MESSAGES.map((message) => (
                <div key={message.id} className={`flex ${message.isSent ? 'justify-end' : 'justify-start'}`}>
                  <div className={`max-w-[80%] rounded-xl p-3 shadow-sm ${message.isSent ? 'bg-primary text-on-primary' : 'bg-base-200'}`}>
                    <p className="text-sm">{message.content}</p>
                    <p className={`mt-1.5 text-[10px] ${message.isSent ? 'text-on-primary' : 'text-muted'}`}>12:00 PM</p>
                  </div>
                </div>
              ))}
            </div>

            <div className="border-t border-base-300 bg-base-100 p-4">
              <div className="flex gap-2">
                <input
                  type="text"
                  className="input input-sm h-10 flex-1 text-sm"
                  placeholder="Type a message..."
                  value="This is a preview"
                  readOnly
                  disabled
                />
                <button type="button" className="btn btn-primary h-10 min-h-0" aria-label="Send">
                  <Send size={18} />
                </button>
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
