import type { Contact, Message, MessageInfo } from '@chat/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { formatDayTime } from '../../lib/format-time';
import { useChatStore } from '../../store/use-chat-store';
import { LoadFailed } from '../../ui/load-failed';
import { MessageDetailDialog, PersonRow } from '../../ui/message-detail-dialog';
import { groupsApi } from './groups-api';
import { peopleById } from './groups-slice';

type Receipt = MessageInfo['members'][number];

/**
 * "Message info" of my message in a group, as WhatsApp shows it: who read it and when, who has it
 * and since when, and who has not got it yet (each of the members in the group when it was sent).
 */
export function MessageInfoDialog({ message, onDone }: { message: Message | null; onDone(): void }) {
  const { t } = useTranslation();
  const people = useChatStore((state) => state.selectedGroup?.people);
  const { info, failed, retry } = useMessageInfo(message);
  const byId = peopleById(people ?? []);
  const read = info?.members.filter((member) => member.readAt) ?? [];
  const delivered = info?.members.filter((member) => member.deliveredAt && !member.readAt) ?? [];
  const waiting = info?.members.filter((member) => !member.deliveredAt) ?? [];
  return (
    <MessageDetailDialog id="message-info-title" title={t('Message info')} message={message} busy={!info && !failed} onDone={onDone}>
      {failed ? (
        <LoadFailed text={t('The message info could not be loaded.')} onRetry={retry} />
      ) : !info ? (
        <span className="loading loading-dots loading-sm" />
      ) : (
        <>
          <Receipts title={t('Read by')} receipts={read} when={(receipt) => receipt.readAt} people={byId} />
          <Receipts title={t('Delivered to')} receipts={delivered} when={(receipt) => receipt.deliveredAt} people={byId} />
          <Receipts title={t('Not delivered yet')} receipts={waiting} when={() => null} people={byId} />
        </>
      )}
    </MessageDetailDialog>
  );
}

/** One section of the info: its members with a time each, or nothing when it has none. */
function Receipts({
  title,
  receipts,
  when,
  people,
}: {
  title: string;
  receipts: Receipt[];
  when(receipt: Receipt): string | null;
  people: Map<string, Contact>;
}) {
  const { t } = useTranslation();
  if (receipts.length === 0) return null;
  return (
    <section className="mt-2" aria-label={title}>
      <h4 className="text-sm font-semibold text-muted">{title}</h4>
      <ul>
        {receipts.map((receipt) => {
          const person = people.get(receipt.userId);
          const at = when(receipt);
          return (
            <PersonRow key={receipt.userId} picture={avatarOf(person?.profilePic ?? '')} name={person?.fullName ?? t('Someone')}>
              {at && (
                <time dateTime={at} className="shrink-0 text-xs text-muted">
                  {formatDayTime(at)}
                </time>
              )}
            </PersonRow>
          );
        })}
      </ul>
    </section>
  );
}

/** The info of the message while it is shown, asked again on a retry. */
function useMessageInfo(message: Message | null) {
  const [info, setInfo] = useState<MessageInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setInfo(null);
    setFailed(false);
    if (!message?.groupId) return;
    let current = true;
    groupsApi.messageInfo(message.groupId, message._id).then(
      (answer) => current && setInfo(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [message, attempt]);
  return { info, failed, retry: () => setAttempt((count) => count + 1) };
}
