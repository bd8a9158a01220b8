export { Inbox } from './inbox';
export { MessageList } from './message-search-results';
export { SidebarSkeleton } from './sidebar-skeleton';
export { inboxSocketHandlers, refreshIfNew } from './inbox-socket-handlers';
export { useKeyboardShortcuts } from './use-keyboard-shortcuts';
