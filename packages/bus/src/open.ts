import type { Config } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { createInProcessBus, type Bus } from './bus.js';

/** NATS when NATS_URL is set, else this process's own bus; `name` names the connection on the server. */
export async function openBus(config: Config, log: FastifyBaseLogger, name: string): Promise<Bus> {
  const onHandlerError = (error: unknown, subject: string) => log.error({ err: error, subject }, 'bus subscriber failed');
  if (config.natsUrl) {
    const { createNatsBus } = await import('./nats.js');
    return createNatsBus(config.natsUrl, {
      subjectPrefix: config.natsSubjectPrefix,
      streamReplicas: config.natsStreamReplicas,
      name,
      onHandlerError,
    });
  }
  return createInProcessBus(onHandlerError);
}
