import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { CALL_GRACE_MS, CALL_RING_MS } from '@chat/contracts';
import { DEFAULT_REQUEST_TIMEOUTS, type RequestTimeouts } from './request-timeouts.js';

/** Everything a service reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  /** Where `/metrics` is served, apart from the app's port; absent: not served at all. */
  metricsPort?: number;
  dataDir: string;
  logLevel: string;
  /** Absent in embedded mode, where one is generated and kept in `dataDir`. */
  jwtSecret?: string;
  cookieSecure: boolean;
  bcryptCost: number;
  webDist?: string;
  databaseUrl?: string;
  natsUrl?: string;
  redisUrl?: string;
  /** Namespaces on shared servers: every subject and Redis key of this deployment starts with these. */
  natsSubjectPrefix?: string;
  /** Copies of each JetStream event stream: 1 on a single NATS server, 3 on a cluster. */
  natsStreamReplicas: number;
  redisKeyPrefix: string;
  /** The object store; absent in embedded mode, where media are files under `dataDir`. */
  s3?: S3Config;
  /**
   * Whose X-Forwarded-For to believe for the client address: no one (false), or the proxies in
   * front, by address/CIDR. (Fastify ignores a bare hop count: it cannot tell a proxy from a client.)
   */
  trustProxy: false | string;
  /** Web origins whose pages may open a socket; empty: only the app's own (the origin a request is addressed to). */
  allowedOrigins: string[];
  /** Where link previews may be fetched from: the public web (its names resolved), and these addresses on any port. */
  linkPreviewsFrom: LinkPreviewSources;
  rateLimits: RateLimits;
  timeouts: RequestTimeouts;
  calls: CallTimings;
  /** Absent: calls connect directly (on one machine, or a network where the peers reach each other). */
  turn?: TurnConfig;
}

/** How calls are timed: how long one rings unanswered, how long a side may go unheard before it ends. */
export interface CallTimings {
  ringMs: number;
  graceMs: number;
}

/** The STUN and TURN servers calls connect through (coturn with its REST-API shared secret). */
export interface TurnConfig {
  /** `stun:`, `turn:` and `turns:` URIs, given to every call. */
  urls: string[];
  /** coturn's `static-auth-secret`: a user's credential is its HMAC of `expiry:userId`; absent with STUN alone. */
  secret?: string;
  /** How long a credential is good for. */
  ttlSeconds: number;
  /** Every call through the TURN server (no side learns the other's address). */
  relayOnly: boolean;
}

/** Abuse limits; each counted per client address, email or user, across replicas when Redis is set. */
export interface RateLimits {
  signupsPerHourPerIp: number;
  loginsPer15MinPerIp: number;
  loginsPer15MinPerEmail: number;
  messagesPerMinutePerUser: number;
  /** Messages one group takes a minute from all its members together: one group's fan-out stays bounded. */
  messagesPerMinutePerGroup: number;
  /** Files (documents, voice messages, pictures, forwards of them) one user may send a minute: each may be 16 MB. */
  filesPerMinutePerUser: number;
  /** What one user's messages may keep in the object store, in bytes (STORAGE_QUOTA_MB). */
  storageBytesPerUser: number;
  /** Open sockets per user on one gateway replica. */
  socketsPerUser: number;
}

export interface S3Config {
  /** The server's base URL, e.g. `http://minio:9000`; https uses TLS. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 32;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function optionalInteger(env: Env, name: string, min: number, max: number): number | undefined {
  return text(env, name) === undefined ? undefined : integer(env, name, min, min, max);
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol.replace(/:$/, '');
  } catch {
    throw new ConfigError(`${name} must be a URL`);
  }
  if (!protocols.includes(protocol)) {
    throw new ConfigError(`${name} must be a ${protocols.join(' or ')} URL`);
  }
  return raw;
}

function s3(env: Env): S3Config | undefined {
  const endpoint = url(env, 'S3_ENDPOINT', ['http', 'https']);
  if (endpoint === undefined) return undefined;
  const required = (name: string) => {
    const value = text(env, name);
    if (value === undefined) throw new ConfigError(`${name} is required when S3_ENDPOINT is set`);
    return value;
  };
  const bucket = text(env, 'S3_BUCKET') ?? 'chat-media';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a valid bucket name (3-63 of a-z, 0-9, '.', '-'), got "${bucket}"`);
  }
  return {
    endpoint,
    accessKey: required('S3_ACCESS_KEY'),
    secretKey: required('S3_SECRET_KEY'),
    bucket,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
  };
}

function trustProxy(env: Env): false | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  // Trusting every hop would take the client address from the left of X-Forwarded-For, which the
  // client writes itself: a way around every per-address limit.
  if (raw === 'true') {
    throw new ConfigError('TRUST_PROXY=true would let a client choose its address: give the addresses/CIDRs of the proxies in front');
  }
  if (/^[0-9a-fA-F:./, ]+$/.test(raw) && /[.:]/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be false or the addresses/CIDRs of the proxies in front, got "${raw}"`);
}

export interface LinkPreviewSources {
  web: boolean;
  addresses: string[];
}

/** `web`, IP addresses, or both, separated by commas; empty: no link previews. */
function linkPreviewSources(env: Env, name: string): LinkPreviewSources {
  const raw = env[name];
  if (raw === undefined) return { web: true, addresses: [] };
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry !== 'web' && isIP(entry) === 0)
      throw new ConfigError(`${name} must be web and/or IP addresses, separated by commas, got "${entry}"`);
  }
  return { web: entries.includes('web'), addresses: entries.filter((entry) => entry !== 'web') };
}

function origins(env: Env, name: string): string[] {
  const raw = text(env, name);
  if (raw === undefined) return [];
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new ConfigError(`${name} must list origins such as https://chat.example.com, got "${origin}"`);
    }
    if (parsed.origin !== origin)
      throw new ConfigError(`${name} must list origins such as https://chat.example.com (no path), got "${origin}"`);
    return origin;
  });
}

function prefix(env: Env, name: string, pattern: RegExp, description: string): string | undefined {
  const raw = text(env, name);
  if (raw !== undefined && !pattern.test(raw)) throw new ConfigError(`${name} must be ${description}, got "${raw}"`);
  return raw;
}

function directory(env: Env, name: string, cwd: string): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  return isAbsolute(raw) ? raw : resolve(cwd, raw);
}

const ICE_URI = /^(stun|turn|turns):[^\s,]+$/;

/** TURN_URLS, TURN_SECRET (needed by any turn: URI), TURN_TTL_SECONDS and TURN_RELAY_ONLY; none without TURN_URLS. */
function turn(env: Env): TurnConfig | undefined {
  const raw = text(env, 'TURN_URLS');
  if (raw === undefined) return undefined;
  const urls = raw.split(',').map((uri) => uri.trim());
  const bad = urls.find((uri) => !ICE_URI.test(uri));
  if (bad !== undefined) throw new ConfigError(`TURN_URLS must be stun:, turn: or turns: URIs separated by commas, got "${bad}"`);
  const secret = text(env, 'TURN_SECRET');
  const relays = urls.some((uri) => !uri.startsWith('stun:'));
  if (relays && (secret === undefined || secret.length < MIN_SECRET_LENGTH)) {
    throw new ConfigError(
      `TURN_SECRET must be coturn's static-auth-secret, at least ${MIN_SECRET_LENGTH} characters, when TURN_URLS has a TURN server`,
    );
  }
  const relayOnly = boolean(env, 'TURN_RELAY_ONLY', false);
  if (relayOnly && !relays) throw new ConfigError('TURN_RELAY_ONLY needs a turn: or turns: URI in TURN_URLS');
  return { urls, ...(relays ? { secret } : {}), ttlSeconds: integer(env, 'TURN_TTL_SECONDS', 6 * 3600, 60, 7 * 24 * 3600), relayOnly };
}

/** Parses the environment into a Config, throwing a ConfigError that names the bad variable. */
export function parseConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    // Only this machine reaches a server unless told otherwise (the images set HOST=0.0.0.0).
    host: text(env, 'HOST') ?? '127.0.0.1',
    metricsPort: optionalInteger(env, 'METRICS_PORT', 0, 65535),
    dataDir: directory(env, 'DATA_DIR', cwd) ?? resolve(cwd, '.data'),
    logLevel,
    jwtSecret,
    cookieSecure: boolean(env, 'COOKIE_SECURE', false),
    bcryptCost: integer(env, 'BCRYPT_COST', 10, 10, 15),
    webDist: directory(env, 'WEB_DIST', cwd),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    natsUrl: url(env, 'NATS_URL', ['nats', 'tls']),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    natsSubjectPrefix: prefix(env, 'NATS_SUBJECT_PREFIX', /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'subject tokens joined by dots'),
    natsStreamReplicas: integer(env, 'NATS_STREAM_REPLICAS', 1, 1, 5),
    redisKeyPrefix: prefix(env, 'REDIS_KEY_PREFIX', /^[A-Za-z0-9_:.-]+$/, 'letters, digits and _ : . -') ?? 'chat:',
    s3: s3(env),
    trustProxy: trustProxy(env),
    allowedOrigins: origins(env, 'ALLOWED_ORIGINS'),
    linkPreviewsFrom: linkPreviewSources(env, 'LINK_PREVIEWS_FROM'),
    timeouts: {
      requestMs: integer(env, 'REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUTS.requestMs, 1_000, 3_600_000),
      headersMs: integer(env, 'HEADERS_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUTS.headersMs, 1_000, 600_000),
      bodyPerMiBMs: integer(env, 'BODY_TIMEOUT_MS_PER_MIB', DEFAULT_REQUEST_TIMEOUTS.bodyPerMiBMs, 100, 600_000),
    },
    turn: turn(env),
    calls: {
      ringMs: integer(env, 'CALL_RING_SECONDS', CALL_RING_MS / 1000, 1, 600) * 1000,
      graceMs: integer(env, 'CALL_GRACE_SECONDS', CALL_GRACE_MS / 1000, 1, 600) * 1000,
    },
    rateLimits: {
      signupsPerHourPerIp: integer(env, 'RATE_LIMIT_SIGNUPS_PER_HOUR', 20, 1, 1_000_000),
      loginsPer15MinPerIp: integer(env, 'RATE_LIMIT_LOGINS_PER_IP', 100, 1, 1_000_000),
      loginsPer15MinPerEmail: integer(env, 'RATE_LIMIT_LOGINS_PER_EMAIL', 10, 1, 1_000_000),
      messagesPerMinutePerUser: integer(env, 'RATE_LIMIT_MESSAGES_PER_MINUTE', 120, 1, 10_000_000),
      messagesPerMinutePerGroup: integer(env, 'RATE_LIMIT_GROUP_MESSAGES_PER_MINUTE', 600, 1, 10_000_000),
      filesPerMinutePerUser: integer(env, 'RATE_LIMIT_FILES_PER_MINUTE', 20, 1, 100_000),
      storageBytesPerUser: integer(env, 'STORAGE_QUOTA_MB', 2048, 1, 10_000_000) * 1024 * 1024,
      socketsPerUser: integer(env, 'RATE_LIMIT_SOCKETS_PER_USER', 20, 1, 10_000),
    },
  };
}
