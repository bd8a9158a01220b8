export * from './open.js';
export * from './revocations.js';
export * from './session.js';
