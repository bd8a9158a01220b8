import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually, pause, serverUrl, uniqueName } from '#test-support';
import { createInProcessBus, type Bus, type BusErrorReporter } from '../src/bus.js';
import { createNatsBus } from '../src/nats-bus.js';

type OpenBus = (report: BusErrorReporter) => Promise<Bus>;

const implementations: [string, OpenBus][] = [
  ['in-process', async (report) => createInProcessBus(report)],
  ['NATS', (report) => createNatsBus(serverUrl('nats'), { subjectPrefix: uniqueName('test'), onHandlerError: report })],
];

describe.each(implementations)('%s bus', (_name, open) => {
  const opened: Bus[] = [];
  const newBus = async (report: BusErrorReporter = vi.fn()) => {
    const bus = await open(report);
    opened.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  it('delivers a payload to every subscriber of its subject and to no other', async () => {
    const bus = await newBus();
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    bus.subscribe('chat.msg.a', (payload) => void first.push(payload));
    bus.subscribe('chat.msg.a', (payload) => void second.push(payload));
    bus.subscribe('chat.msg.b', (payload) => void other.push(payload));
    await bus.publish('chat.msg.a', 'hello');
    await eventually(() => first.length === 1 && second.length === 1, 'both subscribers got it');
    expect(first).toEqual(['hello']);
    expect(second).toEqual(['hello']);
    await pause(50);
    expect(other).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = await newBus();
    const seen: string[] = [];
    const subscription = bus.subscribe('s', (payload) => void seen.push(payload));
    await bus.publish('s', 'one');
    await eventually(() => seen.length === 1, 'first delivery');
    subscription.unsubscribe();
    await bus.publish('s', 'two');
    await pause(50);
    expect(seen).toEqual(['one']);
  });

  it('reports a failing subscriber without failing the publisher or the other subscribers', async () => {
    const report = vi.fn();
    const bus = await newBus(report);
    const seen: string[] = [];
    bus.subscribe('s', () => {
      throw new Error('boom');
    });
    bus.subscribe('s', (payload) => void seen.push(payload));
    await expect(bus.publish('s', 'x')).resolves.toBeUndefined();
    await eventually(() => seen.length === 1 && report.mock.calls.length === 1, 'delivery and report');
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), 's');
  });

  it('answers a ping', async () => {
    const bus = await newBus();
    await expect(bus.ping()).resolves.toBeUndefined();
  });
});

describe('NATS bus across processes', () => {
  it('carries a payload from one connection to another, within its own subject prefix only', async () => {
    const url = serverUrl('nats');
    const prefix = uniqueName('test');
    const publisher = await createNatsBus(url, { subjectPrefix: prefix, onHandlerError: vi.fn() });
    const subscriber = await createNatsBus(url, { subjectPrefix: prefix, onHandlerError: vi.fn() });
    const stranger = await createNatsBus(url, { subjectPrefix: uniqueName('test'), onHandlerError: vi.fn() });
    const seen: string[] = [];
    const strangerSeen: string[] = [];
    subscriber.subscribe('chat.msg.u1', (payload) => void seen.push(payload));
    stranger.subscribe('chat.msg.u1', (payload) => void strangerSeen.push(payload));
    await subscriber.ping();
    await stranger.ping();
    await publisher.publish('chat.msg.u1', '{"n":1}');
    await eventually(() => seen.length === 1, 'the other connection got it');
    expect(seen).toEqual(['{"n":1}']);
    expect(strangerSeen).toEqual([]);
    await Promise.all([publisher.close(), subscriber.close(), stranger.close()]);
  });
});

describe('in-process bus', () => {
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
});
