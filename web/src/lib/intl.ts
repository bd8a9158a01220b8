import { currentLocale } from '../i18n';

/** A number as the language in use writes it ("10,000", "10.000", "١٠٬٠٠٠"). */
export const formatNumber = (value: number): string => value.toLocaleString(currentLocale());

/** Names joined as the language in use joins them ("Ann and Bob", "Ann, Bob, and Cat", "Ann y Bob"). */
export const formatList = (items: string[]): string => new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(items);
