export type { AuthServiceOptions } from './deps.js';
export { authService } from './plugin.js';
export { authMigrations } from './migrations.js';
export { buildAuthApp } from './app.js';
