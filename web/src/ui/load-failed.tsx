import { useTranslation } from 'react-i18next';
/** In place of a list that could not be loaded: what failed, and a way to try again (never an empty state). */
export function LoadFailed({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-8 text-center" role="alert">
      <p className="text-sm">{text}</p>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {t('Try again')}
      </button>
    </div>
  );
}
