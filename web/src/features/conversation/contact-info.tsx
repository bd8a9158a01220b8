import type { Contact } from '@chat/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { conversationApi } from './conversation-api';
import { avatarOf } from '../../lib/avatar';
import { SidePanel } from '../../ui/side-panel';
import { SharedItems } from './shared-items';
import { useTranslation } from 'react-i18next';

/**
 * Their "About", once their card has come (nothing while it comes, or if it cannot: the rest of the
 * contact info stands without it).
 */
function useContactAbout(userId: string): string {
  const [about, setAbout] = useState('');
  useEffect(() => {
    let current = true;
    setAbout('');
    conversationApi.contactCard(userId).then(
      (card) => current && setAbout(card.about),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return about;
}

/**
 * Who the conversation is with, and what it holds, as WhatsApp's "Contact info": their picture,
 * name and presence, then "Media, links and docs", a tab each, newest first; an item opens the
 * conversation at its message.
 */
export function ContactInfo({ peer, status, onClose }: { peer: Contact; status: ReactNode; onClose(): void }) {
  const { t } = useTranslation();
  const about = useContactAbout(peer._id);

  return (
    <SidePanel title={t('Contact info')} closeLabel={t('Close contact info')} onClose={onClose}>
      <div className="flex flex-col items-center gap-1 border-b border-base-300 p-6">
        <img src={avatarOf(peer.profilePic)} alt="" className="mb-2 size-28 rounded-full object-cover" />
        <p dir="auto" className="text-lg font-medium">
          {peer.fullName}
        </p>
        {status && <p className="text-sm text-muted">{status}</p>}
      </div>
      {about && (
        <section aria-labelledby="contact-about" className="border-b border-base-300 px-4 py-3">
          <h3 id="contact-about" className="text-sm font-medium text-muted">
            {t('About')}
          </h3>
          <p dir="auto" className="break-words">
            {about}
          </p>
        </section>
      )}
      <SharedItems conversationId={peer._id} nameOf={() => peer.fullName} onShown={onClose} />
    </SidePanel>
  );
}
