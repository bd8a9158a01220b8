/** What messages publishes on `chat.msg.<userId>` and the gateway emits as `newMessage`. */
export interface MessageDelivery {
  message: { _id: string; senderId: string; receiverId: string };
  /** The sender's socket that sent it, which already has it from the HTTP answer. */
  originSocketId?: string;
}

/** Header with which a client names its socket when it sends over HTTP. */
export const SOCKET_ID_HEADER = 'x-socket-id';
const SOCKET_ID = /^[\w-]{1,64}$/;

export const socketIdFrom = (header: unknown): string | undefined =>
  typeof header === 'string' && SOCKET_ID.test(header) ? header : undefined;
