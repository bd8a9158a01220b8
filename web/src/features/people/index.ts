export { PeoplePicker } from './people-picker';
