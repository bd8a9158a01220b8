import type { Message } from '@chat/contracts';
import { messagePreview } from '../../lib/message-preview';
import type { SocketHandlers } from '../../realtime/socket-handlers';
import { announce } from '../../store/use-announcer-store';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { useStarredStore } from '../../store/use-starred-store';
import { notifyIncoming } from '../notifications';

const chat = () => useChatStore.getState();
const starred = () => useStarredStore.getState();

/** A message from the person (or of the group) whose conversation is open, read out as the list shows it: "Bob Stone: hello". */
function announceIfOpen(message: Message): void {
  const { selectedUser: peer, selectedGroup: group } = chat();
  if (peer && message.senderId === peer._id) announce(`${peer.fullName}: ${messagePreview(message)}`);
  const author = group?._id === message.groupId && !message.system && group?.people.find((person) => person._id === message.senderId);
  if (author) announce(`${author.fullName}: ${messagePreview(message)}`);
}

/** What went for me in the open chat may have been pinned: its pins are asked for again. */
function pinsAgain(chatId: string): void {
  if (chat().pinnedIn === chatId) void chat().loadPinned(chatId);
}

/** What the conversations hear: messages arriving and changing, receipts, typing, stars and what went for me. */
export const conversationSocketHandlers: SocketHandlers<
  | 'newMessage'
  | 'messagesDelivered'
  | 'messagesRead'
  | 'messageUpdated'
  | 'messageStarred'
  | 'messagesHidden'
  | 'conversationCleared'
  | 'typing'
  | 'groupChanged'
  | 'groupReceipts'
  | 'groupRead'
> = {
  newMessage(message, received) {
    const read = chat().readOnArrival(message);
    chat().receiveMessage(message);
    announceIfOpen(message);
    // This device has it (the sender's second tick), and has read it if its conversation is open.
    // A group's copy is broadcast, unacknowledged: this device says itself that it has it.
    received?.(read ? { read: true } : {});
    if (message.groupId && message.senderId !== useAuthStore.getState().authUser?._id) chat().noteGroupReceived(message);
    notifyIncoming(message);
  },
  messagesDelivered: (receipt) => chat().receiveReceipt('delivered', receipt),
  messagesRead: (receipt) => chat().receiveReceipt('read', receipt),
  messageUpdated(message) {
    chat().receiveUpdate(message);
    chat().applyPinOf(message);
    starred().receiveUpdate(message);
  },
  messageStarred({ messageId, starred: isStarred }) {
    chat().applyStarred(messageId, isStarred);
    starred().applyStarred(messageId, isStarred);
  },
  messagesHidden({ userId, messageIds, lastMessage }) {
    chat().applyGoneForMe(userId, { messageIds }, lastMessage);
    starred().removeGoneForMe(userId, { messageIds });
    pinsAgain(userId);
  },
  conversationCleared({ userId, upTo }) {
    chat().applyGoneForMe(userId, { upTo });
    starred().removeGoneForMe(userId, { upTo });
    pinsAgain(userId);
  },
  typing: ({ from, isTyping, groupId }) => chat().setTyping(from, isTyping, groupId),
  groupChanged: (change) => chat().applyGroupChanged(change),
  groupReceipts: (receipts) => chat().applyGroupReceipts(receipts),
  // I read it on another device: its badge clears here too.
  groupRead: ({ groupId, upTo }) => chat().noteGroupRead(groupId, upTo),
};
