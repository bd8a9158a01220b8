import { MAX_GROUP_MEMBERS, type InboxEntry } from '@chat/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../store/use-chat-store';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { PeoplePicker } from '../people';
import { GroupDescriptionField, GroupNameField } from './group-name-field';
import { GroupPictureChooser } from './group-picture';
import type { NewGroupCard } from './groups-slice';

const NO_CARD: NewGroupCard = { name: '', description: '', picture: '' };

/** "New group": its name (a picture and a description if I like), and the people in it with me; made and opened at once. */
export function CreateGroupDialog({ open, onDone }: { open: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(open);
  const [card, setCard] = useState(NO_CARD);
  const [chosen, setChosen] = useState<InboxEntry[]>([]);
  const [isCreating, setCreating] = useState(false);
  const name = card.name;
  const change = (field: keyof NewGroupCard) => (value: string) => setCard((was) => ({ ...was, [field]: value }));
  const close = () => {
    setCard(NO_CARD);
    setChosen([]);
    onDone();
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || isCreating) return;
    setCreating(true);
    const created = await useChatStore.getState().createGroup(
      { name: name.trim(), description: card.description.trim(), picture: card.picture },
      chosen.map((person) => person._id),
    );
    setCreating(false);
    if (created) close();
  };
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="create-group-title" onClose={close}>
      <form className="modal-box flex max-h-[85vh] max-w-md flex-col" onSubmit={(event) => void create(event)}>
        <h3 id="create-group-title" className="text-lg font-semibold">
          {t('New group')}
        </h3>
        <GroupPictureChooser picture={card.picture} name={name} onChange={change('picture')} />
        <GroupNameField value={name} onChange={change('name')} />
        <GroupDescriptionField value={card.description} onChange={change('description')} />
        {open && (
          <PeoplePicker searchLabel={t('Search people to add')} chosen={chosen} onChange={setChosen} limit={MAX_GROUP_MEMBERS - 1} />
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!name.trim() || isCreating}>
            {t('Create group')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
