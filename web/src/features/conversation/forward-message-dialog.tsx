import { MAX_FORWARD_RECIPIENTS, type InboxEntry, type Message } from '@chat/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { messagePreview } from '../../lib/message-preview';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useChatStore } from '../../store/use-chat-store';
import { PeoplePicker } from '../people';
import { useTranslation } from 'react-i18next';

/**
 * Forwards messages (one, or those chosen together) to up to MAX_FORWARD_RECIPIENTS people: my
 * conversations as the inbox has them (the latest first), or whoever a search finds; each copy goes
 * through the outbox, in the messages' order.
 */
export function ForwardMessageDialog({ messages, onDone }: { messages: Message[] | null; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(messages !== null);
  const forwardMessages = useChatStore((state) => state.forwardMessages);
  const [chosen, setChosen] = useState<InboxEntry[]>([]);
  useEffect(() => {
    if (messages === null) setChosen([]);
  }, [messages]);

  const forward = () => {
    if (!messages || chosen.length === 0) return;
    forwardMessages(messages, chosen);
    useChatStore.getState().setSelecting(false);
    toast.success(
      chosen.length === 1
        ? t('Forwarded to {{name}}', { name: chosen[0]!.fullName })
        : t('Forwarded to {{count}} chats', { count: chosen.length }),
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
          />
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {t('Cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={forward} disabled={chosen.length === 0}>
            {t('Forward')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
