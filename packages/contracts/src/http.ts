/** Every HTTP route of the services lives under this path. */
export const API_PREFIX = '/api';

/** Public path under which the messages service serves stored images. */
export const MEDIA_PATH = `${API_PREFIX}/media/`;

/** What a request answers when the fault is the server's, not the asker's: said, never explained. */
export const SERVER_ERRORS = {
  unavailable: 'Service temporarily unavailable. Please try again.',
  internal: 'Internal server error',
} as const;

/** Why a request is refused before any route reads it: its body, or no route for its path. */
export const REQUEST_ERRORS = {
  tooLarge: 'Request body is too large',
  unsupportedType: 'Unsupported content type',
  invalidJson: 'Request body is not valid JSON',
  emptyBody: 'Request body is empty',
  badRequest: 'Bad request',
  notFound: 'Not found',
} as const;

/** Why a request for a page, or a part of a file, is refused. */
export const PAGE_ERRORS = {
  /** A `cursor` not given back as a page's header gave it. */
  badCursor: 'Invalid cursor',
  /** A `Range` past the file's end. */
  badRange: 'Range not satisfiable',
} as const;
