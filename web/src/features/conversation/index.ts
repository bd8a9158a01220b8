export { ChatContainer } from './chat-container';
export { NoChatSelected } from './no-chat-selected';
export { conversationSocketHandlers } from './conversation-socket-handlers';
