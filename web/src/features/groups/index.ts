export { CreateGroupDialog } from './create-group-dialog';
export { GroupHeader } from './group-header';
export { GroupRow } from './group-row';
export { JoinGroupPage } from './join-group-page';
export { groupsApi } from './groups-api';
export { peopleById } from './groups-slice';
export { SystemLine } from './system-line';
export { systemLineText } from './system-words';
export { groupsMatching, withGroups, type InboxRow } from './inbox-rows';
