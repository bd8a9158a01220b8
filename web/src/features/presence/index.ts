export { presenceSocketHandlers } from './presence-socket-handlers';
export { watchPresence } from './presence-watch';
