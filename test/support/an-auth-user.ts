import { DEFAULT_PRIVACY_SETTINGS, type AuthUser } from '@chat/contracts';

/** Me, signed in as the web app's tests start: "Me", no picture, no "About", the default settings. */
export const me: AuthUser = {
  _id: 'me',
  fullName: 'Me',
  email: 'me@chat.io',
  profilePic: '',
  createdAt: '',
  settings: DEFAULT_PRIVACY_SETTINGS,
  about: '',
};
