export { watchPresence } from './presence-watch';
