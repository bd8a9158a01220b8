import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects, type RelayedSend, type SocketSendAnswer } from '@chat/contracts';
import { aMessage } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

describe('sends over the socket', () => {
  it('answers 503 "try again" when the messages service does not answer', async () => {
    const ann = gateway.user();
    const socket = await ann.socket();
    const answer: SocketSendAnswer = await socket.timeout(15_000).emitWithAck('sendMessage', { to: ann.id, text: 'hi' });
    expect(answer).toEqual({ error: { status: 503, message: 'Service temporarily unavailable. Please try again.' } });
    socket.disconnect();
  });

  it('relays a send as the socket’s own user and socket, whatever it claims, and acknowledges with the answer', async () => {
    const relayed: RelayedSend[] = [];
    const ann = gateway.user();
    const stored = aMessage({ _id: '7', senderId: ann.id, receiverId: 'someone', text: 'hi' });
    const serving = gateway.bus.serve(subjects.sendRelayed, async (payload) => {
      const sends = JSON.parse(payload) as RelayedSend[];
      relayed.push(...sends);
      return JSON.stringify(sends.map((): SocketSendAnswer => ({ message: stored })));
    });
    const socket = await ann.socket();
    const send = { to: 'someone', text: 'hi', senderId: 'not-ann' };
    const answer: SocketSendAnswer = await socket.timeout(5_000).emitWithAck('sendMessage', send);
    expect(answer).toEqual({ message: stored });
    expect(relayed).toEqual([{ senderId: ann.id, originSocketId: socket.id, send }]);
    serving.unsubscribe();
    socket.disconnect();
  });
});
