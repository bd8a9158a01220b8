import { ABOUT_MAX } from '@chat/contracts';
import { Check, Info, Pencil, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useAuthStore } from '../../store/use-auth-store';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/intl';

/** My "About" line on my profile, as WhatsApp's: shown as it is, and edited in place. */
export function AboutField() {
  const { t } = useTranslation();
  const about = useAuthStore((state) => state.authUser?.about ?? '');
  const isSaving = useAuthStore((state) => state.isSavingAbout);
  const updateAbout = useAuthStore((state) => state.updateAbout);
  const [draft, setDraft] = useState<string | null>(null);
  // Counted as the server counts: an emoji is one character.
  const left = ABOUT_MAX - [...(draft ?? '')].length;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    if (await updateAbout(draft)) setDraft(null);
  };

  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-2 text-sm text-muted">
        <Info className="size-4" aria-hidden="true" />
        {t('About')}
      </div>
      {draft === null ? (
        <div className="flex items-center gap-2 rounded-lg border border-base-content/10 bg-base-200 py-1 ps-4 pe-1">
          <p dir="auto" className={`grow py-1.5 break-words ${about ? '' : 'text-muted'}`} data-testid="profile-about">
            {about || t('Add a few words about yourself')}
          </p>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t('Edit about')} onClick={() => setDraft(about)}>
            <Pencil className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <form className="flex items-center gap-2" onSubmit={(event) => void save(event)}>
          <label className="input grow">
            <input
              className="grow"
              aria-label={t('About')}
              value={draft}
              placeholder={t('Available, at work, out hiking…')}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setDraft(null);
              }}
              autoFocus
            />
            <span className={`text-xs ${left < 0 ? 'text-danger' : 'text-muted'}`}>
              {left < 0 ? t('{{count, number}} too many', { count: -left }) : formatNumber(left)}
            </span>
          </label>
          <button type="submit" className="btn btn-primary btn-sm btn-circle" aria-label={t('Save about')} disabled={isSaving || left < 0}>
            <Check className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle"
            aria-label={t('Cancel editing about')}
            onClick={() => setDraft(null)}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </form>
      )}
    </div>
  );
}
