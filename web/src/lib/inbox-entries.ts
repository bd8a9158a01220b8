// Pure changes to the inbox's entries, shared by the slices that move them.
import { UNREAD_COUNT_CAP, type GroupEntry, type InboxEntry, type Message } from '@chat/contracts';
import { isGoneMessage, type GoneForMe } from './gone-for-me';

/**
 * The unread count of a row whose live message is newer than the page's: the page counted up to its
 * own latest message, the row only what its socket heard (a socket that connected after a message
 * was pushed never counted it), so neither alone is right. A newer message from the peer is at
 * least one more than the page counted.
 */
export function unreadPastPage(page: InboxEntry, live: InboxEntry): number {
  const fromPeer = live.lastMessage?.senderId === page._id;
  return Math.min(Math.max(live.unreadCount, page.unreadCount + (fromPeer ? 1 : 0)), UNREAD_COUNT_CAP);
}

/**
 * The inbox with `peerId`'s entry changed by `change` and moved to the top of the conversations (it
 * has the latest activity), below the pinned ones; a pinned one keeps its place among them.
 */
export function toTop(users: InboxEntry[], peerId: string, change: (entry: InboxEntry) => InboxEntry): InboxEntry[] {
  const entry = users.find((user) => user._id === peerId);
  if (!entry) return users;
  const changed = change(entry);
  if (changed.pinned) return users.map((user) => (user._id === peerId ? changed : user));
  const others = users.filter((user) => user._id !== peerId);
  const pinnedCount = others.filter((user) => user.pinned).length;
  return [...others.slice(0, pinnedCount), changed, ...others.slice(pinnedCount)];
}

/** `item` (an inbox entry, a message) with one of its flags (present only when true, as the server sends them) set or cleared. */
export function withFlag<T extends object>(item: T, flag: keyof T & string, on: boolean): T {
  if (Boolean(item[flag]) === on) return item;
  const { [flag]: _was, ...rest } = item;
  return (on ? { ...rest, [flag]: true } : rest) as T;
}

/** The inbox with `peerId`'s entry pinned (first of all) or unpinned (back among the others by its latest message). */
export function withPin(users: InboxEntry[], peerId: string, pinned: boolean): InboxEntry[] {
  const entry = users.find((user) => user._id === peerId);
  if (!entry || Boolean(entry.pinned) === pinned) return users;
  const { pinnedAt: _was, ...unpinned } = withFlag(entry, 'pinned', false);
  const others = users.filter((user) => user._id !== peerId);
  // Pinned now: groups pinned before it sort below it.
  if (pinned) return [{ ...withFlag(entry, 'pinned', true), pinnedAt: new Date().toISOString() }, ...others];
  const at = others.findIndex((user) => !user.pinned && latestId(user) < latestId(entry));
  return at === -1 ? [...others, unpinned] : [...others.slice(0, at), unpinned, ...others.slice(at)];
}

/** Where an entry sorts in the inbox: its conversation's latest message's id (shown or gone for me), or below every id without one. */
export const latestId = (entry: InboxEntry) => Number(entry.latestMessageId ?? entry.lastMessage?._id ?? -1);

/** `entry` showing `lastMessage`: it names its conversation's latest message apart only when that one is not shown. */
export function showing(entry: InboxEntry, lastMessage: Message | null): InboxEntry {
  const latest = Math.max(latestId(entry), Number(lastMessage?._id ?? -1));
  const { latestMessageId: _was, ...rest } = entry;
  return latest === -1 || lastMessage?._id === String(latest)
    ? { ...rest, lastMessage }
    : { ...rest, lastMessage, latestMessageId: String(latest) };
}

/** `entry` once messages of it are gone for me: a gone message it showed gives way to `lastMessage` (or nothing); cleared, it is read. */
export function withGone(entry: InboxEntry, gone: GoneForMe, lastMessage: Message | null = null): InboxEntry {
  const shown = entry.lastMessage && isGoneMessage(entry.lastMessage, gone) ? lastMessage : entry.lastMessage;
  const changed = showing(entry, shown);
  const cleared = 'upTo' in gone && latestId(entry) <= Number(gone.upTo);
  return cleared ? withFlag({ ...changed, unreadCount: 0 }, 'markedUnread', false) : changed;
}

/** A group's row once messages of it are gone for me, as withGone: cleared up to what it shows, nothing in it is unread or mentions me. */
export function groupWithGone(entry: GroupEntry, gone: GoneForMe, lastMessage: Message | null = null): GroupEntry {
  const shown = entry.lastMessage && isGoneMessage(entry.lastMessage, gone) ? { ...entry, lastMessage } : entry;
  const cleared = 'upTo' in gone && Number(entry.lastMessage?._id ?? 0) <= Number(gone.upTo);
  return cleared ? withFlag(withFlag({ ...shown, unreadCount: 0 }, 'mentioned', false), 'markedUnread', false) : shown;
}

/**
 * How far I have read each conversation (by the peer's id), as this tab learned it live: read here,
 * or on another device (its receipt). A page of the inbox the server read before that read answers
 * after it, and would bring the badge back.
 */
export type MyReads = Map<string, number>;

/** Notes that I read the conversation with `peerId` up to `upTo`. */
export const noteRead = (reads: MyReads, peerId: string, upTo: string) => reads.set(peerId, Math.max(reads.get(peerId) ?? 0, Number(upTo)));

/** `entry` as read if I read up to its latest message since its page was read. */
export function withReadsKnown(reads: MyReads, entry: InboxEntry): InboxEntry {
  const readUpTo = reads.get(entry._id);
  const read = readUpTo !== undefined && entry.unreadCount > 0 && entry.lastMessage && Number(entry.lastMessage._id) <= readUpTo;
  return read ? { ...entry, unreadCount: 0 } : entry;
}
