import { describe, expect, it, vi } from 'vitest';
import { createInProcessBus } from '../src/bus.js';

describe('in-process bus', () => {
  it('delivers a payload to every subscriber of its subject and to no other', async () => {
    const bus = createInProcessBus(vi.fn());
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    bus.subscribe('chat.msg.a', (payload) => void first.push(payload));
    bus.subscribe('chat.msg.a', (payload) => void second.push(payload));
    bus.subscribe('chat.msg.b', (payload) => void other.push(payload));
    await bus.publish('chat.msg.a', 'hello');
    expect(first).toEqual(['hello']);
    expect(second).toEqual(['hello']);
    expect(other).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = createInProcessBus(vi.fn());
    const seen: string[] = [];
    const subscription = bus.subscribe('s', (payload) => void seen.push(payload));
    await bus.publish('s', 'one');
    subscription.unsubscribe();
    await bus.publish('s', 'two');
    expect(seen).toEqual(['one']);
  });

  it('waits for async subscribers before the publish resolves', async () => {
    const bus = createInProcessBus(vi.fn());
    let done = false;
    bus.subscribe('s', async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      done = true;
    });
    await bus.publish('s', 'x');
    expect(done).toBe(true);
  });

  it('reports a failing subscriber without failing the publisher or the other subscribers', async () => {
    const report = vi.fn();
    const bus = createInProcessBus(report);
    const seen: string[] = [];
    bus.subscribe('s', () => {
      throw new Error('boom');
    });
    bus.subscribe('s', (payload) => void seen.push(payload));
    await expect(bus.publish('s', 'x')).resolves.toBeUndefined();
    expect(seen).toEqual(['x']);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), 's');
  });
});
