import type { Bus, Subscription } from '@chat/bus';
import { SocketSendSchema, subjects, type RelayedSend, type SocketSendAnswer } from '@chat/contracts';
import { compileCheck, HttpError } from '@chat/kernel';
import type { KeyLimiter } from '@chat/rate-limits';
import type { SendAs } from './send-message.js';

const checkSend = compileCheck(SocketSendSchema);

/**
 * Answers the sends the gateways relay from their sockets (`sendMessage`), a turn's worth at a
 * time: the same checks, limit, store and delivery as `POST /api/messages/send/:id`, and the same
 * refusals, without an HTTP request. The gateway vouches for the sender: it authenticated the socket.
 */
export function serveRelayedSends(bus: Bus, deps: { sendAs: SendAs; limit: KeyLimiter }): Subscription {
  const answer = async ({ senderId, originSocketId, send }: RelayedSend): Promise<SocketSendAnswer> => {
    // As over HTTP, where the body is checked before the limit counts it.
    const checked = checkSend(send);
    if ('message' in checked) return { error: { status: 400, message: checked.message } };
    const counted = await deps.limit(senderId);
    if (!counted.allowed) return { error: { status: 429, message: counted.message } };
    const { to, ...body } = checked.value;
    try {
      const { message } = await deps.sendAs(senderId, { userId: to }, body, originSocketId);
      return { message };
    } catch (error) {
      if (error instanceof HttpError) return { error: { status: error.statusCode, message: error.message } };
      throw error;
    }
  };
  return bus.serve(subjects.sendRelayed, async (payload) =>
    JSON.stringify(await Promise.all((JSON.parse(payload) as RelayedSend[]).map(answer))),
  );
}
