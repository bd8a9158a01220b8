/** A socket id as a client may name it in the `x-socket-id` header, or nothing if it is not one. */
const SOCKET_ID = /^[\w-]{1,64}$/;

export const socketIdFrom = (header: unknown): string | undefined =>
  typeof header === 'string' && SOCKET_ID.test(header) ? header : undefined;
