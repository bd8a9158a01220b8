import { formatDayHeading, localDayOf } from '../../lib/format-time';

/** Whether a message opens a new day in the list: the first one, or one on another day than the one before. */
export const startsDay = (previousAt: string | undefined, at: string): boolean => !previousAt || localDayOf(previousAt) !== localDayOf(at);

/**
 * The heading over a day's messages ("Today", "Yesterday", "Monday", "November 3"), kept in view
 * while that day is read: on a band of the list's own colour as wide as the list, so the text
 * scrolling under it is hidden, never seen through or beside the pill.
 */
export function DayDivider({ at }: { at: string }) {
  return (
    <div className="pointer-events-none sticky top-0 z-10 -mx-4 flex justify-center bg-base-100 px-4 py-2" data-testid="day-divider">
      <time dateTime={localDayOf(at)} className="rounded-full bg-base-200 px-3 py-1 text-xs font-medium shadow-sm">
        {formatDayHeading(at)}
      </time>
    </div>
  );
}
