import { MAX_GROUP_DESCRIPTION, MAX_GROUP_NAME } from '@chat/contracts';
import { useTranslation } from 'react-i18next';

/** A group's name being written: required, in its own direction, at most MAX_GROUP_NAME characters. */
export function GroupNameField({ value, onChange }: { value: string; onChange(name: string): void }) {
  const { t } = useTranslation();
  return (
    <label className="mt-3 flex flex-col gap-1">
      <span className="text-sm font-medium">{t('Group name')}</span>
      <input
        dir="auto"
        className="input w-full"
        value={value}
        maxLength={MAX_GROUP_NAME}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** A group's description being written: optional, in its own direction, at most MAX_GROUP_DESCRIPTION characters. */
export function GroupDescriptionField({ value, onChange }: { value: string; onChange(description: string): void }) {
  const { t } = useTranslation();
  return (
    <label className="mt-3 flex flex-col gap-1">
      <span className="text-sm font-medium">{t('Description')}</span>
      <textarea
        dir="auto"
        className="textarea w-full"
        value={value}
        maxLength={MAX_GROUP_DESCRIPTION}
        rows={2}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
