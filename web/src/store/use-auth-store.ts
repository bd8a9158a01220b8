import type { AuthUser, ChangePasswordBody, PrivacySettings } from '@chat/contracts';
import toast from 'react-hot-toast';
import { create } from 'zustand';
import { api, ApiError } from '../api/client';
import { draftStorage } from '../lib/drafts';
import { outbox } from '../lib/outbox';
import { openSocket, type ChatSocket } from '../realtime/socket';
import { t, translatable } from '../i18n';

interface AuthState {
  authUser: AuthUser | null;
  socket: ChatSocket | null;
  /** The realtime connection dropped and is being re-established. */
  isReconnecting: boolean;
  isCheckingAuth: boolean;
  isSigningUp: boolean;
  isLoggingIn: boolean;
  isUpdatingProfile: boolean;
  isSavingAbout: boolean;
  isRemovingPhoto: boolean;
  isLoggingOutEverywhere: boolean;
  checkAuth(): Promise<void>;
  signup(form: { fullName: string; email: string; password: string }): Promise<boolean>;
  login(form: { email: string; password: string }): Promise<boolean>;
  logout(): Promise<void>;
  /** Ends every session of the user, this one included. */
  logoutAll(): Promise<void>;
  /** Deletes my account for good (my password confirms it); answers whether it was. */
  deleteAccount(password: string): Promise<boolean>;
  /** Changes my password (the current one confirms it), signing out my other devices; answers whether it did. */
  changePassword(change: ChangePasswordBody): Promise<boolean>;
  /** The server ended the realtime connection: signs out if the session is over, else reconnects. */
  recheckSession(): Promise<void>;
  updateProfile(profilePic: string): Promise<boolean>;
  /** The default avatar again. */
  removeProfilePic(): Promise<boolean>;
  /** My "About" line; `""` clears it. Answers whether it was kept. */
  updateAbout(about: string): Promise<boolean>;
  /** Changes privacy settings at once on screen; puts them back with a toast if the server refuses. */
  updateSettings(change: Partial<PrivacySettings>): Promise<void>;
  setReconnecting(reconnecting: boolean): void;
}

type BusyFlag = 'isSigningUp' | 'isLoggingIn' | 'isUpdatingProfile' | 'isSavingAbout' | 'isRemovingPhoto';

const SESSION_ENDED = translatable('Your session has ended. Please log in again.');

/** Where the signed-in user is remembered, for the app to open without the server. */
const REMEMBERED_USER_KEY = 'chat-io:user';

function rememberedUser(): AuthUser | null {
  try {
    return JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as AuthUser | null;
  } catch {
    return null;
  }
}

function remember(user: AuthUser | null): void {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch (error) {
    console.error('Could not remember who is signed in', error);
  }
}

/** What went wrong, in the language in use: the server's known messages are translated, any other stays as it said it. */
export const errorMessage = (error: unknown) => t(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

export const useAuthStore = create<AuthState>((set, get) => {
  // The session is checked once per app start, even if a component asks twice.
  let authCheck: Promise<void> | undefined;
  /** Counts settings changes, so the answer to an older one does not undo a newer one on screen. */
  let settingsVersion = 0;
  const connect = () => {
    const { authUser, socket } = get();
    if (!authUser || socket) return;
    set({ socket: openSocket(authUser._id) });
  };
  /** Signup, login and profile update: one busy flag, the user from the answer, a toast either way. */
  /** Shows me as the server answers `call`, with a toast; answers whether it did. */
  const receiveUser = async (busyFlag: BusyFlag, call: () => Promise<AuthUser>, success: string): Promise<boolean> => {
    set({ [busyFlag]: true } as Partial<AuthState>);
    try {
      set({ authUser: await call() });
      toast.success(t(success));
      connect();
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      set({ [busyFlag]: false } as Partial<AuthState>);
    }
  };
  const disconnect = () => {
    get().socket?.disconnect();
    set({ socket: null, isReconnecting: false });
  };
  /** A logout (or an account deletion) is on its way: the socket its revocation closes is no session ended elsewhere. */
  let isLeaving = false;
  /**
   * I leave with `call` (a logout, of this device or all, or deleting my account): once the server
   * has done it, nothing I wrote stays on this device for whoever uses it next, neither drafts nor
   * what the outbox had not sent. Signed out first, so that a send finishing meanwhile cannot write
   * my outbox back.
   */
  const leave = async <T>(call: () => Promise<T>): Promise<T> => {
    const me = get().authUser?._id;
    isLeaving = true;
    try {
      const answer = await call();
      disconnect();
      set({ authUser: null });
      if (me) {
        draftStorage.save(me, {});
        await outbox.save(me, []);
      }
      return answer;
    } finally {
      isLeaving = false;
    }
  };

  return {
    authUser: null,
    socket: null,
    isReconnecting: false,
    isCheckingAuth: true,
    isSigningUp: false,
    isLoggingIn: false,
    isUpdatingProfile: false,
    isSavingAbout: false,
    isRemovingPhoto: false,
    isLoggingOutEverywhere: false,

    checkAuth() {
      authCheck ??= api
        .checkAuth()
        .then(
          (authUser) => {
            set({ authUser });
            connect();
          },
          (error: unknown) => {
            // The server out of reach (offline, or the page came from the app's cache): whoever was
            // signed in here last carries on, reading and queueing messages, until the server can
            // say whether the session still holds (the socket's handshake asks it once it is back).
            const unreachable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
            const remembered = unreachable ? rememberedUser() : null;
            // Refused: nobody is signed in here any more.
            if (!unreachable) remember(null);
            set({ authUser: remembered, isReconnecting: remembered !== null });
            connect();
          },
        )
        .finally(() => set({ isCheckingAuth: false }));
      return authCheck;
    },

    signup: (form) => receiveUser('isSigningUp', () => api.signup(form), translatable('Account created successfully')),

    login: (form) => receiveUser('isLoggingIn', () => api.login(form), translatable('Logged in successfully')),

    async logout() {
      try {
        await leave(() => api.logout());
        toast.success(t('Logged out successfully'));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },

    async deleteAccount(password) {
      try {
        const { message } = await leave(() => api.deleteAccount(password));
        toast.success(t(message));
        return true;
      } catch (error) {
        toast.error(errorMessage(error));
        return false;
      }
    },

    async changePassword(change) {
      try {
        const { message } = await api.changePassword(change);
        toast.success(t(message));
        return true;
      } catch (error) {
        toast.error(errorMessage(error));
        return false;
      }
    },

    async logoutAll() {
      set({ isLoggingOutEverywhere: true });
      try {
        const { message } = await leave(() => api.logoutAll());
        toast.success(t(message));
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        set({ isLoggingOutEverywhere: false });
      }
    },

    async recheckSession() {
      try {
        await api.checkAuth();
        get().socket?.connect();
      } catch (error) {
        // Only a refusal ends the session; after a network failure the socket keeps trying.
        if (!(error instanceof ApiError && error.status === 401)) {
          get().socket?.connect();
          return;
        }
        if (!get().authUser || isLeaving) return;
        disconnect();
        set({ authUser: null });
        toast.error(t(SESSION_ENDED));
      }
    },

    updateProfile: (profilePic) =>
      receiveUser('isUpdatingProfile', () => api.updateProfile(profilePic), translatable('Profile updated successfully')),

    removeProfilePic: () => receiveUser('isRemovingPhoto', api.removeProfilePic, translatable('Profile photo removed')),

    updateAbout: (about) =>
      receiveUser(
        'isSavingAbout',
        () => api.updateAbout(about),
        about.trim() ? translatable('About updated') : translatable('About cleared'),
      ),

    async updateSettings(change) {
      const before = get().authUser;
      if (!before) return;
      set({ authUser: { ...before, settings: { ...before.settings, ...change } } });
      const version = ++settingsVersion;
      try {
        const user = await api.updateSettings(change);
        // A later change made meanwhile is on screen already, and its own answer will hold both.
        if (get().authUser?._id === user._id && version === settingsVersion) set({ authUser: user });
      } catch (error) {
        if (get().authUser?._id === before._id) set({ authUser: { ...get().authUser!, settings: before.settings } });
        toast.error(errorMessage(error));
      }
    },

    setReconnecting(isReconnecting) {
      set({ isReconnecting });
    },
  };
});

// Every change of who is signed in (a sign-in, a profile change, a logout, a session ended) is remembered.
useAuthStore.subscribe((state, previous) => {
  if (state.authUser !== previous.authUser) remember(state.authUser);
});
