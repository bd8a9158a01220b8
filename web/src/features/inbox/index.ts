export { Inbox } from './inbox';
export { MessageList } from './message-search-results';
export { SidebarSkeleton } from './sidebar-skeleton';
export { useKeyboardShortcuts } from './use-keyboard-shortcuts';
