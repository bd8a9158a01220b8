import { MessageSquare, Settings, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { avatarOf } from '../lib/avatar';
import { useAuthStore } from '../store/use-auth-store';
import { LogoutButton } from '../features/session';
import { useTranslation } from 'react-i18next';

/** The product's name: a name, the same in every language. */
const PRODUCT_NAME = 'Chat.io';

export function Navbar() {
  const { t } = useTranslation();
  const authUser = useAuthStore((state) => state.authUser);
  const isReconnecting = useAuthStore((state) => state.isReconnecting);

  return (
    <header className="fixed top-0 z-40 w-full border-b border-base-300 bg-base-100/80 backdrop-blur-lg">
      <div className="container mx-auto h-16 px-4">
        <div className="flex h-full items-center justify-between">
          <div className="flex items-center gap-3">
            <Link to="/" className="flex items-center gap-2.5 transition-all hover:opacity-80">
              <div className="flex size-9 items-center justify-center rounded-lg bg-primary/10">
                <MessageSquare className="size-5 text-primary" />
              </div>
              <h1 className="text-lg font-bold">{PRODUCT_NAME}</h1>
            </Link>
            {isReconnecting && <ReconnectingBadge />}
          </div>

          <nav className="flex items-center gap-2">
            <Link to="/settings" className="btn btn-sm gap-2 transition-colors">
              <Settings className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('Settings')}</span>
            </Link>
            {authUser && (
              <>
                <Link to="/profile" className="btn btn-sm gap-2">
                  <img src={avatarOf(authUser.profilePic)} alt="" className="size-6 rounded-full object-cover" />
                  <span className="sr-only">{t('Profile')}</span>
                  <span dir="auto" className="sr-only max-w-40 truncate sm:not-sr-only">
                    {authUser.fullName}
                  </span>
                </Link>
                <LogoutButton />
              </>
            )}
          </nav>
        </div>
      </div>
    </header>
  );
}

/**
 * Live updates are paused; messages sent meanwhile show up once the connection is back. Read out
 * by the live announcer, which is there before the badge is.
 */
function ReconnectingBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-warning gap-1.5">
      <WifiOff className="size-3.5" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t('Reconnecting…')}</span>
    </span>
  );
}
