import { MAX_FORWARD_RECIPIENTS, type InboxEntry, type Message } from '@chat/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { conversationApi } from './conversation-api';
import { avatarOf } from '../../lib/avatar';
import { messagePreview } from '../../lib/message-preview';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { errorMessage } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { PEOPLE_SEARCH_PAUSE_MS, PeopleSearchField } from '../../ui/people-search-field';
import { useTranslation } from 'react-i18next';

/**
 * Forwards messages (one, or those chosen together) to up to MAX_FORWARD_RECIPIENTS people: my
 * conversations as the inbox has them (the latest first), or whoever a search finds; each copy goes
 * through the outbox, in the messages' order.
 */
export function ForwardMessageDialog({ messages, onDone }: { messages: Message[] | null; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(messages !== null);
  const inbox = useChatStore((state) => state.users);
  const forwardMessages = useChatStore((state) => state.forwardMessages);
  const [query, setQuery] = useState('');
  const found = usePeopleFound(query);
  const [chosen, setChosen] = useState<InboxEntry[]>([]);

  useEffect(() => {
    if (messages === null) {
      setQuery('');
      setChosen([]);
    }
  }, [messages]);

  const candidates = (found ?? inbox).filter((entry) => !entry.accountDeleted);
  const isChosen = (entry: InboxEntry) => chosen.some((person) => person._id === entry._id);
  const toggle = (entry: InboxEntry) =>
    setChosen((current) => (isChosen(entry) ? current.filter((person) => person._id !== entry._id) : [...current, entry]));
  const isFull = chosen.length >= MAX_FORWARD_RECIPIENTS;

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
        <PeopleSearchField
          label={t('Search people to forward to')}
          placeholder={t('Search people')}
          value={query}
          onChange={setQuery}
          className="mt-3 flex"
        />
        <p className="mt-2 text-xs text-muted">
          {t('{{count}} of up to {{limit}} chosen', { count: chosen.length, limit: MAX_FORWARD_RECIPIENTS })}
        </p>
        <ul className="mt-2 min-h-0 flex-1 overflow-y-auto">
          {candidates.map((entry) => (
            <li key={entry._id}>
              <Candidate entry={entry} isChosen={isChosen(entry)} isFull={isFull} onToggle={() => toggle(entry)} />
            </li>
          ))}
          {candidates.length === 0 && (
            <li className="p-2 text-sm text-muted">
              {query.trim() ? t('Nobody matches “{{query}}”', { query: query.trim() }) : t('No contacts yet')}
            </li>
          )}
        </ul>
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

/** The people whose name holds the words, once typing pauses; without words, the first page of everyone (not the sidebar's search); null until the first answer (the inbox is offered meanwhile). */
function usePeopleFound(query: string): InboxEntry[] | null {
  const [found, setFound] = useState<InboxEntry[] | null>(null);
  useEffect(() => {
    const words = query.trim();
    let current = true;
    // Without words, the whole first page: the sidebar's list may be searched or filtered.
    const timer = setTimeout(
      () => {
        conversationApi.people(words).then(
          (page) => current && setFound(page.entries),
          (error: unknown) => current && toast.error(errorMessage(error)),
        );
      },
      words ? PEOPLE_SEARCH_PAUSE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  return found;
}

/** One person to forward to: chosen or not; no more once MAX_FORWARD_RECIPIENTS are. */
function Candidate({ entry, isChosen, isFull, onToggle }: { entry: InboxEntry; isChosen: boolean; isFull: boolean; onToggle(): void }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-base-200">
      <input type="checkbox" className="checkbox checkbox-sm" checked={isChosen} disabled={isFull && !isChosen} onChange={onToggle} />
      <img src={avatarOf(entry.profilePic)} alt="" className="size-8 rounded-full object-cover" />
      <span dir="auto" className="truncate">
        {entry.fullName}
      </span>
    </label>
  );
}
