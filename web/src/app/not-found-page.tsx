import { NotFound } from '../ui/not-found';
import { useTranslation } from 'react-i18next';

/** Any address the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh pt-16">
      <NotFound
        title={t('Page not found')}
        text={t('There is nothing at this address. The link may be mistyped or out of date.')}
        home={t('Go to your chats')}
      />
    </main>
  );
}
