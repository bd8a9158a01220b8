export type BusHandler = (payload: string) => void | Promise<void>;

export interface Subscription {
  unsubscribe(): void;
}

/**
 * The message bus port: NATS when distributed, a map of handlers in one process. It carries two
 * kinds of traffic: live fan-out (`publish`/`subscribe`, at most once, to whoever listens now) and
 * events (`publishEvent`/`consumeEvents`, kept until each named consumer has handled them).
 */
export interface Bus {
  /** Resolves once the bus has taken the payload (in process: once every handler has run). */
  publish(subject: string, payload: string): Promise<void>;
  subscribe(subject: string, handler: BusHandler): Subscription;
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
    },
  };
}
