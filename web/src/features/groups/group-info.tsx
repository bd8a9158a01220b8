import type { Group } from '@chat/contracts';
import { LogOut, Pencil, Trash2, UserRoundPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SidePanel } from '../../ui/side-panel';
import { AddMembersDialog } from './add-members-dialog';
import { DeleteGroupDialog } from './delete-group-dialog';
import { EditGroupDialog } from './edit-group-dialog';
import { GroupMembers, type ListedMember } from './group-members';
import { GroupPicture } from './group-picture';
import { GroupSettings } from './group-settings';
import { groupsApi } from './groups-api';
import { myPlaceIn } from './my-place';

/**
 * The group as WhatsApp's "Group info" shows it: its picture, name and description, its members
 * with their presence and role, what it shared (`shared`), an admin's settings and invite link,
 * and "Exit group" (or, once I am out of it, "Delete group").
 */
export function GroupInfo({ group, onClose, shared }: { group: Group; onClose(): void; shared: ReactNode }) {
  const { t } = useTranslation();
  const myId = useAuthStore((state) => state.authUser?._id);
  const { isMember, isAdmin, canEdit } = myPlaceIn(group, myId);
  const [open, setOpen] = useState<'edit' | 'add' | 'exit' | 'delete' | null>(null);
  const [removing, setRemoving] = useState<ListedMember | null>(null);
  const members = t('{{count}} members', { count: group.memberCount });
  const exit = () => useChatStore.getState().changeGroup((groupId) => groupsApi.remove(groupId, myId ?? ''));
  return (
    <SidePanel
      title={t('Group info')}
      closeLabel={t('Close group info')}
      onClose={onClose}
      closesOnEscape={open === null && removing === null}
    >
      <div className="flex flex-col items-center gap-1 border-b border-base-300 p-6">
        <GroupPicture group={group} canEdit={canEdit} />
        <p dir="auto" className="text-center text-lg font-medium break-words">
          {group.name}
        </p>
        {/* Someone out of it is told nothing of who is in it now (not "0 members"). */}
        <p className="text-sm text-muted">{isMember ? t('Group · {{members}}', { members }) : t('Group')}</p>
        {group.description && (
          <p dir="auto" className="mt-2 text-center text-sm break-words whitespace-pre-wrap">
            {group.description}
          </p>
        )}
        {canEdit && (
          <button type="button" className="btn btn-ghost btn-sm mt-2 gap-2" onClick={() => setOpen('edit')}>
            <Pencil className="size-4" aria-hidden="true" />
            {t('Edit group info')}
          </button>
        )}
      </div>
      <div className="border-b border-base-300 pb-2">{shared}</div>
      {isAdmin && (
        <button type="button" className="btn btn-ghost m-2 justify-start gap-2" onClick={() => setOpen('add')}>
          <UserRoundPlus className="size-5" aria-hidden="true" />
          {t('Add members')}
        </button>
      )}
      {isMember && <GroupMembers group={group} isAdmin={isAdmin} onRemove={setRemoving} />}
      {isAdmin && <GroupSettings group={group} />}
      {isMember ? (
        <button type="button" className="btn btn-ghost m-2 justify-start gap-2 text-danger" onClick={() => setOpen('exit')}>
          <LogOut className="size-5 rtl:-scale-x-100" aria-hidden="true" />
          {t('Exit group')}
        </button>
      ) : (
        <button type="button" className="btn btn-ghost m-2 justify-start gap-2 text-danger" onClick={() => setOpen('delete')}>
          <Trash2 className="size-5" aria-hidden="true" />
          {t('Delete group')}
        </button>
      )}
      <EditGroupDialog group={open === 'edit' ? group : null} onDone={() => setOpen(null)} />
      <AddMembersDialog group={open === 'add' ? group : null} onDone={() => setOpen(null)} />
      <ConfirmDialog
        open={open === 'exit'}
        id="exit-group-title"
        title={t('Exit “{{name}}”?', { name: group.name })}
        confirmLabel={t('Exit group')}
        onConfirm={exit}
        onDone={() => setOpen(null)}
      >
        {t('You will keep what was said until now, and get nothing after.')}
      </ConfirmDialog>
      <DeleteGroupDialog group={open === 'delete' ? group : null} onDone={() => setOpen(null)} />
      {removing && <RemoveMemberDialog group={group} removing={removing} onDone={() => setRemoving(null)} />}
    </SidePanel>
  );
}

/** Asks before a member is removed, as WhatsApp does: "Remove Bob from “Hikers”?". */
function RemoveMemberDialog({ group, removing, onDone }: { group: Group; removing: ListedMember; onDone(): void }) {
  const { t } = useTranslation();
  const remove = () => useChatStore.getState().changeGroup((groupId) => groupsApi.remove(groupId, removing.member.userId));
  return (
    <ConfirmDialog
      open
      id="remove-member-title"
      title={t('Remove {{name}} from “{{group}}”?', { name: removing.name, group: group.name })}
      confirmLabel={t('Remove')}
      onConfirm={remove}
      onDone={onDone}
    >
      {t('They will keep what was said until now, and get nothing after.')}
    </ConfirmDialog>
  );
}
