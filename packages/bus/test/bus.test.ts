import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually, removeNatsStreams, serverUrl, startTcpProxy, throughProxy, uniqueName } from '#test-support';
import { BusRequestError, createInProcessBus, type Bus, type BusErrorReporter } from '../src/bus.js';
import { createNatsBus } from '../src/nats.js';

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
    // Published after it: had the first payload reached the other subject, it would be there first.
    await bus.publish('chat.msg.b', 'for b');
    await eventually(() => other.length > 0, 'a payload of its own on the other subject');
    expect(other).toEqual(['for b']);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = await newBus();
    const seen: string[] = [];
    const subscription = bus.subscribe('s', (payload) => void seen.push(payload));
    await bus.publish('s', 'one');
    await eventually(() => seen.length === 1, 'first delivery');
    subscription.unsubscribe();
    const later: string[] = [];
    bus.subscribe('s', (payload) => void later.push(payload));
    await bus.publish('s', 'two');
    await eventually(() => later.length === 1, 'a subscriber still there to get it');
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

  it('answers a request with what its server answers, and says so when no one serves the subject', async () => {
    const bus = await newBus();
    await expect(bus.request('messages.send', 'hi', 2_000)).rejects.toThrow(new BusRequestError('messages.send', 'no one serves it'));
    bus.serve('messages.send', async (payload) => `got ${payload}`);
    await bus.ping();
    await expect(bus.request('messages.send', 'hi', 2_000)).resolves.toBe('got hi');
  });

  it('rejects a request at once when its server fails, and reports the failure where it happened', async () => {
    const report = vi.fn();
    const bus = await newBus(report);
    bus.serve('s', async () => {
      throw new Error('boom');
    });
    await bus.ping();
    await expect(bus.request('s', 'x', 10_000)).rejects.toThrow(new BusRequestError('s', 'its server failed'));
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), 's');
  });

  it('gives up on a request whose answer takes longer than asked', async () => {
    const bus = await newBus();
    bus.serve('s', () => new Promise(() => {}));
    await bus.ping();
    await expect(bus.request('s', 'x', 50)).rejects.toThrow(new BusRequestError('s', 'none within 50 ms'));
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

describe('NATS requests across processes', () => {
  it('hands each request to one of the replicas serving its subject', async () => {
    const url = serverUrl('nats');
    const prefix = uniqueName('test');
    const client = await createNatsBus(url, { subjectPrefix: prefix, onHandlerError: vi.fn() });
    const replicas = await Promise.all([1, 2].map(() => createNatsBus(url, { subjectPrefix: prefix, onHandlerError: vi.fn() })));
    const handled: string[] = [];
    replicas.forEach((replica, index) => {
      replica.serve('messages.send', async (payload) => {
        handled.push(payload);
        return `replica ${index + 1}`;
      });
    });
    await Promise.all(replicas.map((replica) => replica.ping()));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => client.request('messages.send', String(i), 5_000)));
    expect(handled.sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
    expect(new Set(answers)).toEqual(new Set(['replica 1', 'replica 2']));
    await Promise.all([client.close(), ...replicas.map((replica) => replica.close())]);
  });
});

describe('NATS events', () => {
  const url = serverUrl('nats');
  let prefix: string;
  const buses: Bus[] = [];
  const open = async (report: BusErrorReporter = vi.fn(), streamReplicas?: number) => {
    const bus = await createNatsBus(url, { subjectPrefix: prefix, onHandlerError: report, streamReplicas });
    buses.push(bus);
    return bus;
  };
  beforeEach(() => {
    prefix = uniqueName('test');
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    await removeNatsStreams(prefix);
  });

  it('keeps as many copies of a stream as configured, and refuses more than the server can hold', async () => {
    // This server is a single node: one copy is all it can keep, and asking for three fails the
    // publish (for the outbox to retry) instead of silently keeping one.
    const single = await open(vi.fn(), 1);
    await single.publishEvent('things', 'one', 'event-1');
    const tripled = await open(vi.fn(), 3);
    await expect(tripled.publishEvent('others', 'two', 'event-2')).rejects.toThrow(/replicas/i);
  });

  it('hands a consumer the events published while it was not running, in order, each once', async () => {
    const publisher = await open();
    await publisher.publishEvent('users.upserted', 'one', 'e1');
    await publisher.publishEvent('users.upserted', 'two', 'e2');
    await publisher.publishEvent('users.upserted', 'two again', 'e2');
    const consumer = await open();
    const seen: string[] = [];
    await consumer.consumeEvents('users.upserted', 'contacts', (payload) => void seen.push(payload));
    await publisher.publishEvent('users.upserted', 'three', 'e3');
    // One event at a time, in order: a second copy of any of these would come before the last.
    await publisher.publishEvent('users.upserted', 'last', 'e4');
    await eventually(() => seen.includes('last'), 'the last event');
    expect(seen).toEqual(['one', 'two', 'three', 'last']);
  });

  it('keeps its place across a restart of the consumer', async () => {
    const publisher = await open();
    const first = await open();
    const seen: string[] = [];
    const subscription = await first.consumeEvents('users.upserted', 'contacts', (payload) => void seen.push(payload));
    await publisher.publishEvent('users.upserted', 'before', 'e1');
    await eventually(() => seen.length === 1, 'first event');
    subscription.unsubscribe();
    await first.close();
    await publisher.publishEvent('users.upserted', 'while down', 'e2');
    const restarted = await open();
    await restarted.consumeEvents('users.upserted', 'contacts', (payload) => void seen.push(payload));
    await eventually(() => seen.length === 2, 'the missed event');
    expect(seen).toEqual(['before', 'while down']);
  });

  it('hands an event again after the handler failed on it', async () => {
    const report = vi.fn();
    const bus = await open(report);
    let attempts = 0;
    const handled: string[] = [];
    await bus.consumeEvents('users.upserted', 'contacts', (payload) => {
      attempts += 1;
      if (attempts === 1) throw new Error('database down');
      handled.push(payload);
    });
    await bus.publishEvent('users.upserted', 'retry me', 'e1');
    await eventually(() => handled.length === 1, 'handled on the second attempt', 5000);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'database down' }), 'users.upserted');
  });

  it('hands out the next event soon after an acknowledgement was lost as the connection dropped (the ack wait, 5 s)', async () => {
    const proxy = await startTcpProxy({ host: new URL(url).hostname, port: Number(new URL(url).port) });
    const consumer = await createNatsBus(throughProxy(url, proxy), { subjectPrefix: prefix, onHandlerError: vi.fn() });
    try {
      const publisher = await open();
      const handled: string[] = [];
      await consumer.consumeEvents('users.upserted', 'contacts', (payload) => {
        handled.push(payload);
        if (handled.length > 1) return;
        // The acknowledgement of this first event waits in the link, and the link drops with it.
        proxy.delay(1_000);
        setTimeout(() => proxy.cut(), 300);
        setTimeout(() => proxy.restore(), 600);
      });
      await publisher.publishEvent('users.upserted', 'first', 'e1');
      await eventually(() => handled.length === 1, 'the first event handled');
      await publisher.publishEvent('users.upserted', 'second', 'e2');
      // It was 30 s: the consumer hands out one event at a time, and waited that long for the lost acknowledgement.
      await eventually(() => handled.includes('second'), 'the second event, well before 30 s', 15_000);
      // At least once: the first may come again, its acknowledgement having been lost.
      expect(new Set(handled)).toEqual(new Set(['first', 'second']));
    } finally {
      // Closed while its link is there: a connection closed without a server cannot drain.
      await consumer.close();
      await proxy.close();
    }
  }, 40_000);

  it('shares the work between replicas of one consumer, each event handled once', async () => {
    const publisher = await open();
    const seen: string[] = [];
    for (const replica of [await open(), await open()]) {
      await replica.consumeEvents('users.upserted', 'contacts', (payload) => void seen.push(payload));
    }
    for (let i = 0; i < 10; i++) await publisher.publishEvent('users.upserted', `e${i}`, `id${i}`);
    // The replicas share one event at a time: a second copy of any of these would come before the last.
    await publisher.publishEvent('users.upserted', 'last', 'last');
    await eventually(() => seen.includes('last'), 'the last event');
    expect(seen.sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `e${i}`), 'last'].sort());
  });
});

describe('in-process bus', () => {
  it('handles an event before its publish resolves, and fails the publish when a consumer fails', async () => {
    const bus = createInProcessBus(vi.fn());
    const seen: string[] = [];
    await bus.consumeEvents('users.upserted', 'contacts', (payload) => void seen.push(payload));
    await bus.publishEvent('users.upserted', 'one', 'e1');
    expect(seen).toEqual(['one']);
    await bus.consumeEvents('users.upserted', 'other', () => {
      throw new Error('boom');
    });
    await expect(bus.publishEvent('users.upserted', 'two', 'e2')).rejects.toThrow('a consumer of users.upserted failed');
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
});
