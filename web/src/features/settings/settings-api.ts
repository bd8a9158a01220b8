import { api } from '../../api/client';

/** What settings asks the server apart from the session: how much my photos and files keep, of what they may. */
export const storageUsage = () => api.getStorage();
