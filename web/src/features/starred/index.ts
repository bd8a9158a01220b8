export { StarredMessages } from './starred-messages';
