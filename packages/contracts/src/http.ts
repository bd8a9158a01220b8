/** Every HTTP route of the services lives under this path. */
export const API_PREFIX = '/api';

/** Public path under which the messages service serves stored images. */
export const MEDIA_PATH = `${API_PREFIX}/media/`;

/** What a request answers when the fault is the server's, not the asker's: said, never explained. */
export const SERVER_ERRORS = {
  unavailable: 'Service temporarily unavailable. Please try again.',
  internal: 'Internal server error',
} as const;
