import type { Contact } from '@chat/contracts';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../lib/intl';

/** Who is typing in a group, by name: "Ann is typing…", "Ann and Bob are typing…", "4 people are typing…". */
export function TypingWords({ typists, people, className }: { typists: string[]; people: Contact[]; className?: string }) {
  const { t } = useTranslation();
  const names = typists.map((userId) => people.find((person) => person._id === userId)?.fullName ?? t('Someone'));
  const words =
    names.length === 1
      ? t('{{name}} is typing…', { name: names[0] })
      : names.length <= 2
        ? t('{{names}} are typing…', { names: formatList(names) })
        : t('{{count}} people are typing…', { count: names.length });
  return (
    <span dir="auto" className={className}>
      {words}
    </span>
  );
}
