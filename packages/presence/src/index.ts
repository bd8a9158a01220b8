export * from './open.js';
export * from './presence.js';
export * from './blocked-pairs.js';
export * from './set-index.js';
