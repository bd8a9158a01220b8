export * from './api-client.js';
export * from './sockets.js';
export * from './images.js';
export * from './listen.js';
export * from './database.js';
export * from './temp-dir.js';
export * from './servers.js';
export * from './s3.js';
