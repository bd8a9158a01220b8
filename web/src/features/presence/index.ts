export { presenceSocketHandlers } from './presence-socket-handlers';
export { watchPresence } from './presence-watch';
export { presenceWords } from './presence-words';
