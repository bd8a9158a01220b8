import { MAX_GROUP_MEMBERS, type Group, type InboxEntry } from '@chat/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../store/use-chat-store';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { PeoplePicker } from '../people';
import { groupsApi } from './groups-api';

/** An admin adds people to the group (those in it already are not offered). */
export function AddMembersDialog({ group, onDone }: { group: Group | null; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(group !== null);
  const [chosen, setChosen] = useState<InboxEntry[]>([]);
  const [isAdding, setAdding] = useState(false);
  const close = () => {
    setChosen([]);
    onDone();
  };
  const add = async () => {
    setAdding(true);
    const added = await useChatStore.getState().changeGroup((groupId) =>
      groupsApi.addMembers(
        groupId,
        chosen.map((person) => person._id),
      ),
    );
    setAdding(false);
    if (added) close();
  };
  const inIt = new Set(group?.members.map((member) => member.userId));
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="add-members-title" onClose={close}>
      <div className="modal-box flex max-h-[85vh] max-w-md flex-col">
        <h3 id="add-members-title" className="text-lg font-semibold">
          {t('Add members')}
        </h3>
        {group && (
          <PeoplePicker
            searchLabel={t('Search people to add')}
            chosen={chosen}
            onChange={setChosen}
            limit={MAX_GROUP_MEMBERS - group.memberCount}
            exclude={inIt}
          />
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('Cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void add()} disabled={chosen.length === 0 || isAdding}>
            {t('Add')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
