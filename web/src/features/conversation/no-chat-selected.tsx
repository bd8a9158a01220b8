import { LazyChatAnimation } from '../../ui/lazy-chat-animation';
import { useTranslation } from 'react-i18next';

export function NoChatSelected() {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-1 flex-col items-center justify-center bg-base-100/50 p-8 sm:p-16">
      <div className="max-w-md space-y-4 text-center">
        <LazyChatAnimation name="welcome" className="mx-auto size-48 sm:size-56" />
        <h2 className="text-2xl font-bold">{t('Welcome to Chat.io!')}</h2>
        <p className="text-muted">{t('Select a conversation from the sidebar to start chatting')}</p>
      </div>
    </div>
  );
}
