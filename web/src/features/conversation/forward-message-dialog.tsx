import { MAX_FORWARD_RECIPIENTS, type GroupEntry, type InboxEntry, type Message } from '@chat/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { messagePreview } from '../../lib/message-preview';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useChatStore } from '../../store/use-chat-store';
import { PeoplePicker } from '../people';
import { useTranslation } from 'react-i18next';

/** My groups I may send to now: a member, and an admin where only admins send. */
const sendableGroups = (groups: GroupEntry[]) =>
  groups.filter(({ group, role }) => !group.removed && (!group.onlyAdminsSend || role === 'admin'));

/**
 * Forwards messages (one, or those chosen together) to up to MAX_FORWARD_RECIPIENTS chats: my
 * groups whose name matches, then my conversations as the inbox has them (the latest first), or
 * whoever a search finds; each copy goes through the outbox, in the messages' order.
 */
export function ForwardMessageDialog({ messages, onDone }: { messages: Message[] | null; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(messages !== null);
  const forwardMessages = useChatStore((state) => state.forwardMessages);
  const groups = useChatStore((state) => state.groups);
  const [chosen, setChosen] = useState<InboxEntry[]>([]);
  const [chosenGroups, setChosenGroups] = useState<GroupEntry[]>([]);
  useEffect(() => {
    if (messages !== null) return;
    setChosen([]);
    setChosenGroups([]);
  }, [messages]);
  const names = [...chosenGroups.map((entry) => entry.group.name), ...chosen.map((person) => person.fullName)];

  const forward = () => {
    if (!messages || names.length === 0) return;
    forwardMessages(messages, [
      ...chosenGroups.map((entry) => ({ groupId: entry.group._id })),
      ...chosen.map((person) => ({ userId: person._id })),
    ]);
    useChatStore.getState().setSelecting(false);
    toast.success(
      names.length === 1 ? t('Forwarded to {{name}}', { name: names[0] }) : t('Forwarded to {{count}} chats', { count: names.length }),
    );
    onDone();
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="forward-message-title" onClose={onDone}>
      <div className="modal-box flex max-h-[80vh] max-w-md flex-col">
        <h3 id="forward-message-title" className="text-lg font-semibold">
          {t('Forward {{count}} messages', { count: messages?.length ?? 1 })}
        </h3>
        {messages?.length === 1 && (
          <p dir="auto" className="mt-2 truncate rounded-md bg-base-200 px-3 py-2 text-sm">
            {messagePreview(messages[0]!)}
          </p>
        )}
        {/* Mounted while open: its search starts afresh each time. */}
        {messages && (
          <PeoplePicker
            searchLabel={t('Search people to forward to')}
            chosen={chosen}
            onChange={setChosen}
            limit={MAX_FORWARD_RECIPIENTS}
            groups={{ offered: sendableGroups(groups), chosen: chosenGroups, onChange: setChosenGroups }}
          />
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {t('Cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={forward} disabled={names.length === 0}>
            {t('Forward')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
