import { useEffect, useRef } from 'react';
import { useToasterStore } from 'react-hot-toast';
import { useAuthStore } from '../store/use-auth-store';
import { announce, useAnnouncerStore } from '../store/use-announcer-store';
import { useTranslation } from 'react-i18next';
import { t as translate } from '../i18n';

/**
 * The page's one live region, present from the start (a region added together with its text is
 * often not read): new messages in the open conversation, every toast, and the connection's
 * coming and going are announced here, each once.
 */
export function LiveAnnouncer() {
  const { t } = useTranslation();
  const announcements = useAnnouncerStore((state) => state.announcements);
  useToastAnnouncements();
  useConnectionAnnouncements();
  return (
    <div role="log" aria-label={t('Announcements')} className="sr-only">
      {announcements.map(({ id, text }) => (
        <p key={id}>{text}</p>
      ))}
    </div>
  );
}

/** Each toast read out once, as it shows. */
function useToastAnnouncements() {
  const { toasts } = useToasterStore();
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const toast of toasts) {
      if (!toast.visible || announced.current.has(toast.id)) continue;
      announced.current.add(toast.id);
      if (typeof toast.message === 'string') announce(toast.message);
    }
    const shown = new Set(toasts.map((toast) => toast.id));
    for (const id of announced.current) if (!shown.has(id)) announced.current.delete(id);
  }, [toasts]);
}

/** The navbar's "Reconnecting…" badge in words, and its going. */
function useConnectionAnnouncements() {
  const isReconnecting = useAuthStore((state) => state.isReconnecting);
  const wasReconnecting = useRef(false);
  useEffect(() => {
    if (isReconnecting === wasReconnecting.current) return;
    wasReconnecting.current = isReconnecting;
    announce(isReconnecting ? translate('Connection lost. Reconnecting…') : translate('Connected again'));
  }, [isReconnecting]);
}
