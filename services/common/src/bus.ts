export type BusHandler = (payload: string) => void | Promise<void>;

export interface Subscription {
  unsubscribe(): void;
}

/** The message bus port: NATS when distributed, a map of handlers in one process. */
export interface Bus {
  /** Resolves once the bus has taken the payload (in process: once every handler has run). */
  publish(subject: string, payload: string): Promise<void>;
  subscribe(subject: string, handler: BusHandler): Subscription;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type BusErrorReporter = (error: unknown, subject: string) => void;

/** Delivers to this process's subscribers; a failing subscriber is reported, never the publisher's error. */
export function createInProcessBus(onHandlerError: BusErrorReporter): Bus {
  const handlers = new Map<string, Set<BusHandler>>();
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
    async ping() {},
    async close() {
      handlers.clear();
    },
  };
}
