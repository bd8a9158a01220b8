import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Bus, BusErrorReporter } from './bus.js';
import { withTimeout } from './timeout.js';

export interface NatsBusOptions {
  /** Prepended to every subject, so several deployments or test runs can share one server. */
  subjectPrefix?: string;
  /** Names the connection in the server's monitoring. */
  name?: string;
  onHandlerError: BusErrorReporter;
}

const PING_TIMEOUT_MS = 2_000;

/**
 * Core NATS: at-most-once fan-out to whoever subscribes now. Messages are stored before they are
 * published, so a delivery lost while a gateway reconnects is found by the client's re-fetch.
 */
export async function createNatsBus(url: string, options: NatsBusOptions): Promise<Bus> {
  const nc: NatsConnection = await connect({
    servers: url,
    name: options.name,
    // A restarted server is waited for forever; publishes made meanwhile are buffered.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const scoped = (subject: string) => (options.subjectPrefix ? `${options.subjectPrefix}.${subject}` : subject);
  return {
    async publish(subject, payload) {
      nc.publish(scoped(subject), payload);
    },
    subscribe(subject, handler) {
      const subscription = nc.subscribe(scoped(subject), {
        callback: (error, message) => {
          if (error) {
            options.onHandlerError(error, subject);
            return;
          }
          Promise.resolve()
            .then(() => handler(message.string()))
            .catch((handlerError: unknown) => options.onHandlerError(handlerError, subject));
        },
      });
      return { unsubscribe: () => subscription.unsubscribe() };
    },
    ping: () => withTimeout(nc.flush(), PING_TIMEOUT_MS, 'NATS did not answer a ping in time'),
    async close() {
      if (!nc.isClosed()) await nc.drain();
    },
  };
}
