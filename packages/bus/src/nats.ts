import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, headers, nanos, RequestError, TimeoutError, type NatsConnection } from '@nats-io/transport-node';
import { BusRequestError, type Bus, type BusErrorReporter } from './bus.js';

export interface NatsBusOptions {
  /** Prepended to every subject, so several deployments or test runs can share one server. */
  subjectPrefix?: string;
  /** Names the connection in the server's monitoring. */
  name?: string;
  /** Copies of each event stream in a NATS cluster (1 on a single server; 3 survives a lost node). */
  streamReplicas?: number;
  onHandlerError: BusErrorReporter;
}

/** Events are kept this long: a consumer down for longer misses them. */
const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** A repeated publish of one event id within this window is stored once. */
const EVENT_DEDUPLICATION_MS = 10 * 60 * 1000;
/** An event not stored by then is left to the caller's retry (the outbox), so a request never hangs on it. */
const EVENT_PUBLISH_TIMEOUT_MS = 2_000;
/** The header by which a server says its responder failed, instead of leaving the requester to time out. */
const RESPONDER_FAILED = 'Chat-Responder-Failed';
/** Replicas serving one subject answer each request once between them. */
const SERVERS_QUEUE = 'servers';

/** A consumer that failed on an event gets it again after this long. */
const EVENT_RETRY_MS = 1_000;
/**
 * An event handed out and not acknowledged by then is handed out again. An acknowledgement can be
 * lost as the connection drops, and a consumer hands out one event at a time: every later event
 * waits this long. Handlers are quick (one statement or a few) and safe to run twice.
 */
const EVENT_ACK_WAIT_MS = 5_000;

/**
 * Live traffic is core NATS: at-most-once fan-out to whoever subscribes now. Messages are stored
 * before they are published, so a delivery lost while a gateway reconnects is found by the client's
 * re-fetch. Events go through JetStream: one file-backed stream per event subject, and one durable
 * consumer per consumer name that hands out one event at a time, so events are handled in order.
 */
export async function createNatsBus(url: string, options: NatsBusOptions): Promise<Bus> {
  const nc: NatsConnection = await connect({
    servers: url,
    name: options.name,
    // A restarted server is waited for forever; publishes made meanwhile are buffered.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // An Error made ahead of every request, for a stack trace should it fail, was 7 % of a gateway
    // relaying sends; a failed request says its subject and why, which is enough.
    noAsyncTraces: true,
  });
  const scoped = (subject: string) => (options.subjectPrefix ? `${options.subjectPrefix}.${subject}` : subject);
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const streams = new Map<string, Promise<string>>();
  /** The stream that keeps one event subject, created by whichever replica needs it first. */
  const streamFor = (subject: string) => {
    let stream = streams.get(subject);
    if (!stream) {
      const name = `EVENTS_${scoped(subject).replace(/[^A-Za-z0-9_-]/g, '_')}`;
      const replicas = options.streamReplicas ?? 1;
      stream = jsm.streams
        .add({
          name,
          subjects: [scoped(subject)],
          storage: StorageType.File,
          num_replicas: replicas,
          max_age: nanos(EVENT_RETENTION_MS),
          duplicate_window: nanos(EVENT_DEDUPLICATION_MS),
        })
        .catch(async (error: unknown) => {
          // Already there, perhaps made by another replica: use it, with the replicas asked for now
          // (a deployment that grew to a NATS cluster raises them; if the server refuses, as it is).
          const { config } = await jsm.streams.info(name).catch(() => Promise.reject(error));
          if (config.num_replicas === replicas) return;
          await jsm.streams
            .update(name, { ...config, num_replicas: replicas })
            .catch((updateError: unknown) => options.onHandlerError(updateError, subject));
        })
        .then(() => name);
      stream.catch(() => streams.delete(subject));
      streams.set(subject, stream);
    }
    return stream;
  };
  const consumers = new Set<{ close(): Promise<void | Error> }>();

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
    async request(subject, payload, timeoutMs) {
      const answer = await nc.request(scoped(subject), payload, { timeout: timeoutMs }).catch((error: unknown) => {
        if (error instanceof RequestError && error.isNoResponders()) throw new BusRequestError(subject, 'no one serves it');
        if (error instanceof TimeoutError) throw new BusRequestError(subject, `none within ${timeoutMs} ms`);
        throw new BusRequestError(subject, error instanceof Error ? error.message : String(error));
      });
      if (answer.headers?.has(RESPONDER_FAILED)) throw new BusRequestError(subject, 'its server failed');
      return answer.string();
    },
    serve(subject, responder) {
      const subscription = nc.subscribe(scoped(subject), {
        queue: SERVERS_QUEUE,
        callback: (error, message) => {
          if (error) {
            options.onHandlerError(error, subject);
            return;
          }
          responder(message.string()).then(
            (answer) => message.respond(answer),
            (responderError: unknown) => {
              options.onHandlerError(responderError, subject);
              const failed = headers();
              failed.set(RESPONDER_FAILED, 'true');
              message.respond('', { headers: failed });
            },
          );
        },
      });
      return { unsubscribe: () => subscription.unsubscribe() };
    },
    async publishEvent(subject, payload, eventId) {
      await streamFor(subject);
      await js.publish(scoped(subject), payload, { msgID: eventId, timeout: EVENT_PUBLISH_TIMEOUT_MS });
    },
    async consumeEvents(subject, consumer, handler) {
      const stream = await streamFor(subject);
      await jsm.consumers.add(stream, {
        durable_name: consumer,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        max_ack_pending: 1,
        ack_wait: nanos(EVENT_ACK_WAIT_MS),
      });
      const messages = await (await js.consumers.get(stream, consumer)).consume();
      consumers.add(messages);
      void (async () => {
        for await (const message of messages) {
          try {
            await handler(message.string());
            message.ack();
          } catch (error) {
            options.onHandlerError(error, subject);
            message.nak(EVENT_RETRY_MS);
          }
        }
      })();
      return {
        unsubscribe() {
          consumers.delete(messages);
          void messages.close();
        },
      };
    },
    ping: () => nc.flush(),
    async close() {
      await Promise.all([...consumers].map((messages) => messages.close()));
      if (!nc.isClosed()) await nc.drain();
    },
  };
}
