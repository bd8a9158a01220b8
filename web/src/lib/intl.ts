import { currentLocale } from '../i18n';

/**
 * Intl's formatters, each made once for its locale, options and time zone offset: making one costs
 * ~0.1 ms (`toLocaleTimeString(locale, options)` makes one at every call), and a conversation's
 * bubbles and the inbox's rows ask for hundreds a render. A cache, not state: a key formats the
 * same way whenever it is asked for. The date's offset in the zone in use stands for the zone: a
 * formatter made before the zone changed is taken only where it gives the same time.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();

function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(key: string, make: () => F): F {
  const made = formatters.get(key) as F | undefined;
  if (made) return made;
  const fresh = make();
  formatters.set(key, fresh);
  return fresh;
}

/** A moment as the language in use writes it with these options (a time, a weekday, a date). */
export function formatDateTime(time: Date, options: Intl.DateTimeFormatOptions): string {
  const locale = currentLocale();
  const key = `date ${locale} ${time.getTimezoneOffset()} ${JSON.stringify(options)}`;
  return formatter(key, () => new Intl.DateTimeFormat(locale, options)).format(time);
}

/** A number as the language in use writes it ("10,000", "10.000", "١٠٬٠٠٠"). */
export function formatNumber(value: number): string {
  const locale = currentLocale();
  return formatter(`number ${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** Names joined as the language in use joins them ("Ann and Bob", "Ann, Bob, and Cat", "Ann y Bob"). */
export function formatList(items: string[]): string {
  const locale = currentLocale();
  return formatter(`list ${locale}`, () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items);
}
