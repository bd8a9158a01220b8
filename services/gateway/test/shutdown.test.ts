import { describe, expect, it } from 'vitest';
import { nextEvent } from '#test-support';
import { startGateway } from './gateway-server.js';

describe('gateway shutdown', () => {
  it('closes its sockets so that clients reconnect by themselves, elsewhere', async () => {
    const gateway = await startGateway();
    const socket = await gateway.user().socket();
    const reason = nextEvent<string>(socket, 'disconnect');
    await gateway.app.close();
    // 'io server disconnect' would mean: do not reconnect. A closed transport makes the client retry.
    expect(await reason).toBe('transport close');
    expect(socket.active).toBe(true);
    socket.disconnect();
  });
});
