import type { Contact } from '@chat/contracts';
import type { ReactNode } from 'react';
import { useAnswer } from '../../api/use-answer';
import { conversationApi } from './conversation-api';
import { avatarOf } from '../../lib/avatar';
import { SidePanel } from '../../ui/side-panel';
import { SharedItems } from './shared-items';
import { GroupsInCommon } from '../groups';
import { useTranslation } from 'react-i18next';

/**
 * Who the conversation is with, and what it holds, as WhatsApp's "Contact info": their picture,
 * name and presence, then "Media, links and docs", a tab each, newest first (an item opens the
 * conversation at its message), and the groups we are both in.
 */
export function ContactInfo({ peer, status, onClose }: { peer: Contact; status: ReactNode; onClose(): void }) {
  const { t } = useTranslation();
  // Their "About" once their card has come: the rest stands without it.
  const about = useAnswer(peer._id, conversationApi.contactCard)?.about;

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
      <GroupsInCommon userId={peer._id} />
    </SidePanel>
  );
}
