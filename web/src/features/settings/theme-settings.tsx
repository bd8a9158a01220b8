import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { translatable } from '../../i18n';
import { formatMessageTime } from '../../lib/format-time';
import { THEMES } from '../../lib/themes';
import { useThemeStore } from '../../store/use-theme-store';

/** Noon of a day: the preview's messages' time. */
const PREVIEW_TIME = '2026-01-01T12:00:00';

const PREVIEW_MESSAGES = [
  { id: 1, content: translatable("Hey! How's it going?"), isSent: false },
  { id: 2, content: translatable("I'm doing great! Just working on some new features."), isSent: true },
];

/** Every theme as a swatch of its four colours; the chosen one pressed. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeStore(
    useShallow((state) => ({
      theme: state.theme,
      setTheme: state.setTheme,
    })),
  );
  return (
    <>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('Theme')}</h2>
        <p className="text-sm text-muted">{t('Choose a theme for your chat interface')}</p>
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
export function ThemePreview() {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="mb-3 text-lg font-semibold">{t('Preview')}</h3>
      <div className="overflow-hidden rounded-xl border border-base-300 bg-base-100 shadow-lg">
        <div className="bg-base-200 p-4">
          <div className="mx-auto max-w-lg">
            <div className="overflow-hidden rounded-xl bg-base-100 shadow-sm">
              <div className="border-b border-base-300 bg-base-100 px-4 py-3">
                <div className="flex items-center gap-3">
                  <div className="flex size-8 items-center justify-center rounded-full bg-primary font-medium text-on-primary">J</div>
                  <div>
                    <h3 className="text-sm font-medium">{t('John Doe')}</h3>
                    <p className="text-xs text-muted">{t('Online')}</p>
                  </div>
                </div>
              </div>

              <div className="max-h-[200px] min-h-[200px] space-y-4 overflow-y-auto bg-base-100 p-4">
                {PREVIEW_MESSAGES.map((message) => (
                  <div key={message.id} className={`flex ${message.isSent ? 'justify-end' : 'justify-start'}`}>
                    <div
                      className={`max-w-[80%] rounded-xl p-3 shadow-sm ${message.isSent ? 'bg-primary text-on-primary' : 'bg-base-200'}`}
                    >
                      <p className="text-sm">{t(message.content)}</p>
                      <p className={`mt-1.5 text-[10px] ${message.isSent ? 'text-on-primary' : 'text-muted'}`}>
                        {formatMessageTime(PREVIEW_TIME)}
                      </p>
                    </div>
                  </div>
                ))}
              </div>

              <div className="border-t border-base-300 bg-base-100 p-4">
                <div className="flex gap-2">
                  <input
                    type="text"
                    className="input input-sm h-10 flex-1 text-sm"
                    placeholder={t('Type a message...')}
                    value={t('This is a preview')}
                    readOnly
                    disabled
                  />
                  <button type="button" className="btn btn-primary h-10 min-h-0" aria-label={t('Send')}>
                    <Send size={18} className="rtl:-scale-x-100" />
                  </button>
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
