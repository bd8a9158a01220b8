import { InfoDialog } from '../ui/info-dialog';
import { useTranslation } from 'react-i18next';
import { translatable } from '../i18n';

/** Ctrl on most keyboards, ⌘ on a Mac's, as each shows its shortcuts. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** Every shortcut of the app, as WhatsApp Web lists its own: the keys, and what they do (its key in the translations). */
export const KEYBOARD_SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['Enter'], does: translatable('Send the message') },
  { keys: ['Shift', 'Enter'], does: translatable('Start a new line') },
  { keys: ['↑'], does: translatable('Edit my latest message, from the empty box') },
  { keys: ['Esc'], does: translatable('Close a menu or dialog, or stop replying or editing') },
  { keys: ['Alt', '↓'], does: translatable('Next conversation') },
  { keys: ['Alt', '↑'], does: translatable('Previous conversation') },
  { keys: [MOD, 'K'], does: translatable('Search contacts') },
  { keys: [MOD, '/'], does: translatable('Show these shortcuts') },
];

/** The keyboard shortcuts, listed (Ctrl+/ or ⌘/ opens it). */
export function KeyboardShortcutsDialog({ open, onDone }: { open: boolean; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <InfoDialog open={open} id="keyboard-shortcuts-title" title={t('Keyboard shortcuts')} onDone={onDone}>
      <dl className="mt-3 space-y-2 text-sm">
        {KEYBOARD_SHORTCUTS.map(({ keys, does }) => (
          <div key={does} className="flex items-center justify-between gap-4">
            <dt className="flex shrink-0 gap-1">
              {keys.map((key) => (
                <kbd key={key} className="kbd kbd-sm">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-end">{t(does)}</dd>
          </div>
        ))}
      </dl>
    </InfoDialog>
  );
}
