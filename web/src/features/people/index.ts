export { PeoplePicker, type PickedGroups } from './people-picker';
