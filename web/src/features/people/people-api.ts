import { api } from '../../api/client';

/** What choosing people asks the server. */
export const peopleApi = {
  /** The first page of people whose name holds the words; everyone's first page without words. */
  find: (words: string) => api.getUsers({ q: words }),
};
