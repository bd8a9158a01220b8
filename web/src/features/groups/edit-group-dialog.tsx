import type { Group } from '@chat/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../store/use-chat-store';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { GroupDescriptionField, GroupNameField } from './group-name-field';
import { groupsApi } from './groups-api';

/** The group's name and description, changed (a line of the group says so to everyone). */
export function EditGroupDialog({ group, onDone }: { group: Group | null; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(group !== null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    setName(group?.name ?? '');
    setDescription(group?.description ?? '');
  }, [group]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!group || !name.trim()) return;
    const changes = {
      ...(name.trim() !== group.name ? { name: name.trim() } : {}),
      ...(description.trim() !== group.description ? { description: description.trim() } : {}),
    };
    if (Object.keys(changes).length === 0) return onDone();
    setSaving(true);
    const saved = await useChatStore.getState().changeGroup((groupId) => groupsApi.update(groupId, changes));
    setSaving(false);
    if (saved) onDone();
  };
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="edit-group-title" onClose={onDone}>
      <form className="modal-box max-w-md" onSubmit={(event) => void save(event)}>
        <h3 id="edit-group-title" className="text-lg font-semibold">
          {t('Edit group info')}
        </h3>
        <GroupNameField value={name} onChange={setName} />
        <GroupDescriptionField value={description} onChange={setDescription} />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!name.trim() || isSaving}>
            {t('Save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
