import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import { SERVER_ENV } from './servers.js';

/** Set to `required` by `make test-containers`: a run meant for containers never falls back to the local servers. */
export const CONTAINERS_ENV = 'CHAT_TEST_CONTAINERS';

/**
 * Where a Docker engine runs, the integration suites get throwaway Postgres, Redis and NATS
 * containers (the images the compose file names); where none does, they use the servers the
 * environment names (the local ones). Returns a stop function.
 */
export async function startServerContainers(): Promise<() => Promise<void>> {
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    if (process.env[CONTAINERS_ENV] === 'required')
      throw new Error(`${CONTAINERS_ENV}=required, but no Docker engine answers`, { cause: error });
    return async () => {};
  }
  const started: StartedTestContainer[] = await Promise.all([
    new GenericContainer('postgres:17.6-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7.4.5-alpine').withExposedPorts(6379).start(),
    new GenericContainer('nats:2.11.9-alpine').withCommand(['-js']).withExposedPorts(4222).start(),
  ]);
  const [postgres, redis, nats] = started as [StartedTestContainer, StartedTestContainer, StartedTestContainer];
  process.env[SERVER_ENV.postgres] = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
  process.env[SERVER_ENV.redis] = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  process.env[SERVER_ENV.nats] = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
  return async () => {
    await Promise.all(started.map((container) => container.stop()));
  };
}
