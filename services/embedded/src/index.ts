export { buildEmbeddedApp, DEFAULT_WEB_DIST } from './app.js';
export { SPA_ROUTES } from './web.js';
