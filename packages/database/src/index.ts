export * from './database.js';
export * from './migrations.js';
export * from './open.js';
export * from './outbox.js';
