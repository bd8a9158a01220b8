export * from './batched-redis-store.js';
export * from './open.js';
export * from './rate-limits.js';
