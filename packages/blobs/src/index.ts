export * from './blobs.js';
export * from './open.js';
