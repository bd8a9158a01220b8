export { buildEmbeddedApp, DEFAULT_WEB_DIST } from './app.js';
