export * from './http.js';
export * from './bus.js';
export * from './files.js';
export * from './images.js';
export * from './messages.js';
export * from './realtime.js';
export * from './users.js';
export * from './links.js';
