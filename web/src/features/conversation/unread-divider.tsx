import { UNREAD_COUNT_CAP } from '@chat/contracts';

/** Where the messages unread when the conversation was opened begin: "3 unread messages". */
export function UnreadDivider({ count }: { count: number }) {
  const label = count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+ unread messages` : `${count} unread message${count === 1 ? '' : 's'}`;
  return (
    <div className="my-3 flex items-center gap-3 text-xs font-semibold text-highlight" data-testid="unread-divider">
      <span className="h-px flex-1 bg-current opacity-40" aria-hidden="true" />
      {label}
      <span className="h-px flex-1 bg-current opacity-40" aria-hidden="true" />
    </div>
  );
}
