import { Link2 } from 'lucide-react';
import { copyToClipboard } from '../../lib/clipboard';
import { useTranslation } from 'react-i18next';

/** Under "No contacts yet" on a first visit: what to do next, not a dead end — the signup page's address to share. */
export function InviteSomeone() {
  const { t } = useTranslation();
  const link = `${window.location.origin}/signup`;
  const copy = () => copyToClipboard(link, { copied: t('Invite link copied'), failed: t('Could not copy the link') });
  return (
    <div className="mt-3 flex flex-col items-center gap-2 px-4 text-sm">
      <p>{t('Invite someone to chat: send them this link to sign up.')}</p>
      <code className="rounded bg-base-200 px-2 py-1 text-xs break-all">{link}</code>
      <button type="button" className="btn btn-sm btn-primary" onClick={copy}>
        <Link2 className="size-4" aria-hidden="true" />
        {t('Copy invite link')}
      </button>
    </div>
  );
}
