import { api } from '../../api/client';

/** What link previews ask the server. */
export const linkPreviewsApi = {
  /** A web page's card, fetched by the server (the browser keeps the answer an hour); null when it has none. */
  card: (url: string) => api.getLinkPreview(url).then((answer) => answer.card),
};
