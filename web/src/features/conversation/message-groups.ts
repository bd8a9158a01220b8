import { localDayOf } from '../../lib/format-time';

/** Messages of one person this close together (and on one day) read as one group, as every messenger shows them. */
export const GROUP_GAP_MS = 5 * 60 * 1000;

interface Sent {
  senderId: string;
  createdAt: string;
  /** A line of a group's story: it stands alone. */
  system?: unknown;
}

/** Whether `message` goes on the group of the one before it: the same person, the same day, within a few minutes, neither a line of a group's story. */
export const continuesGroup = (previous: Sent | undefined, message: Sent): boolean =>
  previous !== undefined &&
  !previous.system &&
  !message.system &&
  previous.senderId === message.senderId &&
  Date.parse(message.createdAt) - Date.parse(previous.createdAt) < GROUP_GAP_MS &&
  localDayOf(previous.createdAt) === localDayOf(message.createdAt);

/** Where a message sits in its group: the first has the space above it, the last the avatar and the bubble's tail. */
export interface GroupPlace {
  startsGroup: boolean;
  endsGroup: boolean;
}

/**
 * Each message's place in its group, for a list in order. A line drawn between two messages (the
 * first unread one) starts a new group there.
 */
export function groupPlaces(messages: readonly Sent[], breaksBefore: (index: number) => boolean = () => false): GroupPlace[] {
  const starts = messages.map((message, index) => breaksBefore(index) || !continuesGroup(messages[index - 1], message));
  return starts.map((startsGroup, index) => ({ startsGroup, endsGroup: starts[index + 1] ?? true }));
}
