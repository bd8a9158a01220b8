import { currentLocale, t } from '../i18n';
import { formatDateTime } from './intl';

/**
 * A message time as the product shows it: in English en-US, 12-hour, "hh:mm AM/PM"; in another
 * language as its locale writes a time ("10:42", "١٠:٤٢ ص").
 */
export function formatMessageTime(iso: string): string {
  const english = currentLocale() === 'en-US';
  return formatDateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', ...(english ? { hour12: true } : {}) });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Local midnight at the start of `time`'s day. */
const startOfDay = (time: Date) => new Date(time.getFullYear(), time.getMonth(), time.getDate());

/** A date without its time ("Nov 3", "November 3"), with the year when not `now`'s. */
const formatDate = (time: Date, now: Date, month: 'short' | 'long') =>
  formatDateTime(time, {
    month,
    day: 'numeric',
    ...(time.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });

/**
 * When a conversation was last active, as an inbox shows it: the time today ("10:42 AM"), the
 * weekday within the last week ("Mon"), the date before ("Nov 3"), with the year when not this one.
 */
export function formatInboxTime(iso: string, now = new Date()): string {
  const time = new Date(iso);
  const startOfToday = startOfDay(now);
  if (time >= startOfToday) return formatMessageTime(iso);
  if (startOfToday.getTime() - time.getTime() < 6 * DAY_MS) return formatDateTime(time, { weekday: 'short' });
  return formatDate(time, now, 'short');
}

/** A moment as a tooltip says it: the time alone today ("11:30 PM"), with its date on another day ("Dec 2, 03:00 PM"). */
export function formatDayTime(iso: string, now = new Date()): string {
  const time = new Date(iso);
  const isToday = startOfDay(time).getTime() === startOfDay(now).getTime();
  return isToday ? formatMessageTime(iso) : t('{{date}}, {{time}}', { date: formatDate(time, now, 'short'), time: formatMessageTime(iso) });
}

/**
 * When an offline contact was last online, as a chat header says it: "last seen today at 10:42 PM",
 * "last seen yesterday at 9:05 AM", or the date before that ("last seen Nov 3", with the year when
 * not this one).
 */
export function formatLastSeen(iso: string, now = new Date()): string {
  const time = new Date(iso);
  const startOfToday = startOfDay(now);
  const startOfYesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (time >= startOfToday) return t('last seen today at {{time}}', { time: formatMessageTime(iso) });
  if (time >= startOfYesterday) return t('last seen yesterday at {{time}}', { time: formatMessageTime(iso) });
  return t('last seen {{date}}', { date: formatDate(time, now, 'short') });
}

/** The local calendar day of a moment, as "YYYY-MM-DD": messages on the same day share it. */
export function localDayOf(iso: string): string {
  const time = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/**
 * The heading over a day's messages in a conversation: "Today", "Yesterday", the weekday within the
 * last week ("Monday"), the date before ("November 3"), with the year when not this one.
 */
export function formatDayHeading(iso: string, now = new Date()): string {
  const time = new Date(iso);
  const daysAgo = Math.round((startOfDay(now).getTime() - startOfDay(time).getTime()) / DAY_MS);
  if (daysAgo === 0) return t('Today');
  if (daysAgo === 1) return t('Yesterday');
  if (daysAgo > 1 && daysAgo < 7) return formatDateTime(time, { weekday: 'long' });
  return formatDate(time, now, 'long');
}
