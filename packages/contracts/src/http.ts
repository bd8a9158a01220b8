/** Every HTTP route of the services lives under this path. */
export const API_PREFIX = '/api';

/** Public path under which the messages service serves stored images. */
export const MEDIA_PATH = `${API_PREFIX}/media/`;
