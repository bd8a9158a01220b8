import { Loader } from 'lucide-react';
import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { Navigate, Route, Routes } from 'react-router';
import { LiveAnnouncer } from './live-announcer';
import { Navbar } from './navbar';
import { useRealtimeEvents } from '../realtime/use-realtime-events';
import { HomePage } from './home-page';
import { CallScreen, IncomingCall } from '../features/calls';
import { JoinGroupPage } from '../features/groups';
import { NotFoundPage } from './not-found-page';
import { useVisibleHeight } from './use-visible-height';
import { LoginPage } from '../features/session';
import { ProfilePage } from '../features/profile';
import { SettingsPage } from '../features/settings';
import { SignupPage } from '../features/session';
import { useAuthStore } from '../store/use-auth-store';
import { useThemeStore } from '../store/use-theme-store';
import { useTranslation } from 'react-i18next';

/** Toasts in the app's theme, as everything else (react-hot-toast's own are white). */
const TOAST_STYLE = { background: 'var(--color-base-100)', color: 'var(--color-base-content)', border: '1px solid var(--color-base-300)' };

export function App() {
  const { t } = useTranslation();
  const authUser = useAuthStore((state) => state.authUser);
  const isCheckingAuth = useAuthStore((state) => state.isCheckingAuth);
  const theme = useThemeStore((state) => state.theme);
  useRealtimeEvents();
  useVisibleHeight();

  useEffect(() => {
    void useAuthStore.getState().checkAuth();
  }, []);

  if (isCheckingAuth && !authUser) {
    return (
      <div data-theme={theme} className="flex h-screen items-center justify-center" role="status" aria-label={t('Loading')}>
        <Loader className="size-10 animate-spin" />
      </div>
    );
  }

  return (
    <div data-theme={theme} className="min-h-screen bg-base-100 text-base-content">
      <Navbar />
      <Routes>
        <Route path="/" element={authUser ? <HomePage /> : <Navigate to="/login" replace />} />
        <Route path="/chat/:userId" element={authUser ? <HomePage /> : <Navigate to="/login" replace />} />
        <Route path="/join/:code" element={authUser ? <JoinGroupPage /> : <Navigate to="/login" replace />} />
        <Route path="/signup" element={authUser ? <Navigate to="/" replace /> : <SignupPage />} />
        <Route path="/login" element={authUser ? <Navigate to="/" replace /> : <LoginPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/profile" element={authUser ? <ProfilePage /> : <Navigate to="/login" replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {/* A call rings and goes on over whatever page is open. */}
      {authUser && (
        <>
          <IncomingCall />
          <CallScreen />
        </>
      )}
      {/* Toasts are read out by the live announcer, which was there before them. */}
      <div aria-hidden="true">
        <Toaster toastOptions={{ style: TOAST_STYLE }} />
      </div>
      <LiveAnnouncer />
    </div>
  );
}
