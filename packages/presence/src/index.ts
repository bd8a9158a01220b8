export * from './open.js';
export * from './presence.js';
