export { ChatContainer } from './chat-container';
export { NoChatSelected } from './no-chat-selected';
