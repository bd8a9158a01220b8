import type { Group } from '@chat/contracts';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../lib/clipboard';
import { useChatStore } from '../../store/use-chat-store';
import { groupsApi } from './groups-api';

/** An invite link's address: signed in, opening it joins the group. */
export const inviteLink = (code: string) => `${window.location.origin}/join/${code}`;

/** An admin's part of the group info: who may send and edit, and the invite link (shown, copied, reset). */
export function GroupSettings({ group }: { group: Group }) {
  const { t } = useTranslation();
  const changeGroup = useChatStore((state) => state.changeGroup);
  const rule = (name: 'onlyAdminsSend' | 'onlyAdminsEdit', label: string) => (
    <label className="flex cursor-pointer items-center justify-between gap-3 py-2">
      <span className="text-sm">{label}</span>
      <input
        type="checkbox"
        className="toggle toggle-sm"
        checked={group[name]}
        onChange={(event) => void changeGroup((groupId) => groupsApi.update(groupId, { [name]: event.target.checked }))}
      />
    </label>
  );
  return (
    <section aria-labelledby="group-settings" className="border-b border-base-300 px-4 py-3">
      <h3 id="group-settings" className="text-sm font-medium text-muted">
        {t('Group settings')}
      </h3>
      {rule('onlyAdminsSend', t('Only admins can send messages'))}
      {rule('onlyAdminsEdit', t('Only admins can edit the group info'))}
      <InviteLink />
    </section>
  );
}

/** The group's invite link, asked for when wanted: copied, or replaced by a new one (the old one stops working). */
function InviteLink() {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const changeGroup = useChatStore((state) => state.changeGroup);
  const ask = (reset: boolean) =>
    void changeGroup(async (id) => setLink(inviteLink((await (reset ? groupsApi.resetInvite(id) : groupsApi.invite(id))).code)));
  if (link === null)
    return (
      <button type="button" className="btn btn-ghost btn-sm mt-1 w-full justify-start gap-2" onClick={() => ask(false)}>
        <Link2 className="size-4" aria-hidden="true" />
        {t('Invite via link')}
      </button>
    );
  return (
    <div className="mt-2 flex flex-col gap-2">
      <input className="input input-sm w-full" readOnly value={link} aria-label={t('Invite link')} data-testid="invite-link" />
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => copyToClipboard(link, { copied: t('Invite link copied'), failed: t('Could not copy the link') })}
        >
          {t('Copy link')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => ask(true)}>
          {t('Reset link')}
        </button>
      </div>
    </div>
  );
}
