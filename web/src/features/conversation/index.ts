export { ChatContainer } from './chat-container';
export { NoChatSelected } from './no-chat-selected';
export { useConversationAddress } from './use-conversation-address';
export { conversationSocketHandlers } from './conversation-socket-handlers';
