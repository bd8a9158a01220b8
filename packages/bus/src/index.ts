export * from './bus.js';
export * from './open.js';
export * from './payload.js';
