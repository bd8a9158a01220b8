export * from './images.js';
export * from './media.js';
export * from './voice.js';
export * from './video.js';
export * from './image-work.js';
