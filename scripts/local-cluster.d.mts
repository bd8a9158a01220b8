export type ClusterService = 'auth' | 'messages' | 'gateway-1' | 'gateway-2';

export interface LocalClusterOptions {
  edgePort?: number;
  namespace?: string;
  throwaway?: boolean;
  postgresUrl?: string;
  redisUrl?: string;
  natsUrl?: string;
  logLevel?: string;
  /** More environment for every service (limits, log settings). */
  env?: Record<string, string>;
  /** Arguments for node before each service's script (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

export interface LocalCluster {
  dir: string;
  namespace: string;
  /** The edge: the one origin a browser uses. */
  baseUrl: string;
  /** The cluster's own database on the Postgres server. */
  databaseUrl: string;
  serviceUrl(name: ClusterService): string;
  stop(name: ClusterService | 'nginx', signal?: NodeJS.Signals): Promise<void>;
  start(name: ClusterService): Promise<void>;
  pid(name: ClusterService | 'nginx'): number | undefined;
  close(): Promise<void>;
}

export function startLocalCluster(options?: LocalClusterOptions): Promise<LocalCluster>;

export function removeNatsStreams(natsUrl: string, subjectPrefix: string): Promise<void>;

export function withPostgres(adminUrl: string, sql: string): Promise<void>;
