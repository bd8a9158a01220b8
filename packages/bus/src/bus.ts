export type BusHandler = (payload: string) => void | Promise<void>;

/** Answers a request: what it resolves to goes back to the one who asked. */
export type BusResponder = (payload: string) => Promise<string>;

/** A request nobody answered in time, or that no one serves. */
export class BusRequestError extends Error {
  constructor(subject: string, reason: string) {
    super(`no answer on ${subject}: ${reason}`);
    this.name = 'BusRequestError';
  }
}

export interface Subscription {
  unsubscribe(): void;
}

/**
 * The message bus port: NATS when distributed, a map of handlers in one process. It carries three
 * kinds of traffic: live fan-out (`publish`/`subscribe`, at most once, to whoever listens now),
 * requests (`request`/`serve`, each answered by one of the replicas serving its subject) and events
 * (`publishEvent`/`consumeEvents`, kept until each named consumer has handled them).
 */
export interface Bus {
  /** Resolves once the bus has taken the payload (in process: once every handler has run). */
  publish(subject: string, payload: string): Promise<void>;
  subscribe(subject: string, handler: BusHandler): Subscription;
  /**
   * Resolves to one server's answer; rejects with BusRequestError when no one serves the subject,
   * the answer takes longer than `timeoutMs`, or the server's responder failed (reported there).
   */
  request(subject: string, payload: string, timeoutMs: number): Promise<string>;
  /** Answers requests on the subject; replicas serving one subject share them, each request answered once. */
  serve(subject: string, responder: BusResponder): Subscription;
  /**
   * Resolves once the event is stored. `eventId` makes a repeated publish of one event count once.
   * In process, once every consumer has handled it.
   */
  publishEvent(subject: string, payload: string, eventId: string): Promise<void>;
  /**
   * Hands the consumer every event on the subject, oldest first, also those published while it was
   * down; replicas sharing a consumer name share the work, one event at a time. A handler that
   * throws gets the event again later.
   */
  consumeEvents(subject: string, consumer: string, handler: BusHandler): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type BusErrorReporter = (error: unknown, subject: string) => void;

/** Delivers to this process's subscribers; a failing subscriber is reported, never the publisher's error. */
export function createInProcessBus(onHandlerError: BusErrorReporter): Bus {
  const handlers = new Map<string, Set<BusHandler>>();
  const events = new Map<string, Set<BusHandler>>();
  const responders = new Map<string, BusResponder>();
  return {
    async publish(subject, payload) {
      const targets = handlers.get(subject);
      if (!targets) return;
      await Promise.all(
        [...targets].map(async (handler) => {
          try {
            await handler(payload);
          } catch (error) {
            onHandlerError(error, subject);
          }
        }),
      );
    },
    subscribe(subject, handler) {
      // A handler wrapped per subscription, so one function subscribed twice is two subscriptions.
      const entry: BusHandler = (payload) => handler(payload);
      let targets = handlers.get(subject);
      if (!targets) handlers.set(subject, (targets = new Set()));
      targets.add(entry);
      return {
        unsubscribe() {
          targets.delete(entry);
          if (targets.size === 0 && handlers.get(subject) === targets) handlers.delete(subject);
        },
      };
    },
    // One process, one server per subject: the request is a call.
    async request(subject, payload, timeoutMs) {
      const responder = responders.get(subject);
      if (!responder) throw new BusRequestError(subject, 'no one serves it');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new BusRequestError(subject, `none within ${timeoutMs} ms`)), timeoutMs);
      });
      const answer = responder(payload).catch((error: unknown) => {
        onHandlerError(error, subject);
        throw new BusRequestError(subject, 'its server failed');
      });
      return Promise.race([answer, late]).finally(() => clearTimeout(timer));
    },
    serve(subject, responder) {
      if (responders.has(subject)) throw new Error(`${subject} is served already in this process`);
      responders.set(subject, responder);
      return {
        unsubscribe() {
          if (responders.get(subject) === responder) responders.delete(subject);
        },
      };
    },
    // One process: every consumer is here and running, so an event is handled as it is published,
    // and a consumer's failure fails the publish, for the publisher to try again.
    async publishEvent(subject, payload) {
      const failures: unknown[] = [];
      await Promise.all(
        [...(events.get(subject) ?? [])].map(async (handler) => {
          try {
            await handler(payload);
          } catch (error) {
            failures.push(error);
          }
        }),
      );
      if (failures.length > 0) throw new AggregateError(failures, `a consumer of ${subject} failed`);
    },
    async consumeEvents(subject, _consumer, handler) {
      const entry: BusHandler = (payload) => handler(payload);
      let consumers = events.get(subject);
      if (!consumers) events.set(subject, (consumers = new Set()));
      consumers.add(entry);
      return { unsubscribe: () => void consumers.delete(entry) };
    },
    async ping() {},
    async close() {
      handlers.clear();
      events.clear();
      responders.clear();
    },
  };
}
