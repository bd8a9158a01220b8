export * from './images.js';
export * from './media.js';
