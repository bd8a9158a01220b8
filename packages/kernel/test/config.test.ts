import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';
import { requireJwtSecret, requireSharedSettings } from '../src/run-service.js';

describe('parseConfig', () => {
  it('runs embedded on :8080 of this machine only, with data under ./.data and no metrics, when nothing is set', () => {
    const config = parseConfig({}, '/srv/chat');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/chat/.data',
      logLevel: 'info',
      cookieSecure: false,
      bcryptCost: 10,
    });
    expect(config.jwtSecret).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.metricsPort).toBeUndefined();
  });

  it('reads every variable it knows', () => {
    const config = parseConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        ALLOWED_ORIGINS: 'https://chat.example.com, http://localhost:5173',
        LINK_PREVIEWS_FROM: 'web, 10.0.0.5, fd00::7',
        METRICS_PORT: '9464',
        DATA_DIR: '/var/chat',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'x'.repeat(40),
        COOKIE_SECURE: 'true',
        BCRYPT_COST: '12',
        WEB_DIST: 'web/dist',
        DATABASE_URL: 'postgres://localhost/chat',
        NATS_URL: 'nats://localhost:4222',
        REDIS_URL: 'redis://localhost:6379',
        NATS_SUBJECT_PREFIX: 'staging.eu',
        NATS_STREAM_REPLICAS: '3',
        REDIS_KEY_PREFIX: 'staging:',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_ACCESS_KEY: 'key',
        S3_SECRET_KEY: 'secret',
        S3_BUCKET: 'chat-photos',
        S3_REGION: 'eu-west-1',
      },
      '/srv/chat',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      allowedOrigins: ['https://chat.example.com', 'http://localhost:5173'],
      linkPreviewsFrom: { web: true, addresses: ['10.0.0.5', 'fd00::7'] },
      metricsPort: 9464,
      dataDir: '/var/chat',
      logLevel: 'warn',
      cookieSecure: true,
      bcryptCost: 12,
      webDist: '/srv/chat/web/dist',
      databaseUrl: 'postgres://localhost/chat',
      natsUrl: 'nats://localhost:4222',
      redisUrl: 'redis://localhost:6379',
      natsSubjectPrefix: 'staging.eu',
      natsStreamReplicas: 3,
      redisKeyPrefix: 'staging:',
      s3: { endpoint: 'https://s3.example.com', accessKey: 'key', secretKey: 'secret', bucket: 'chat-photos', region: 'eu-west-1' },
    });
  });

  it('trusts no proxy and applies the default abuse limits unless told otherwise', () => {
    expect(parseConfig({})).toMatchObject({
      trustProxy: false,
      rateLimits: {
        signupsPerHourPerIp: 20,
        loginsPer15MinPerIp: 100,
        loginsPer15MinPerEmail: 10,
        messagesPerMinutePerUser: 120,
        filesPerMinutePerUser: 20,
        socketsPerUser: 20,
      },
    });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', RATE_LIMIT_SOCKETS_PER_USER: '5' })).toMatchObject({
      trustProxy: '10.0.0.0/8, 127.0.0.1',
      rateLimits: { socketsPerUser: 5 },
    });
  });

  it('defaults the S3 bucket and region, and the Redis key prefix', () => {
    const config = parseConfig({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' });
    expect(config.s3).toMatchObject({ bucket: 'chat-media', region: 'us-east-1' });
    expect(config.redisKeyPrefix).toBe('chat:');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"'],
    [{ COOKIE_SECURE: 'yes' }, 'COOKIE_SECURE must be true or false, got "yes"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ BCRYPT_COST: '4' }, 'BCRYPT_COST must be an integer from 10 to 15, got "4"'],
    [{ DATABASE_URL: 'mysql://db/chat' }, 'DATABASE_URL must be a postgres or postgresql URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL must be a URL'],
    [{ S3_ENDPOINT: 'http://minio:9000', S3_SECRET_KEY: 's' }, 'S3_ACCESS_KEY is required when S3_ENDPOINT is set'],
    [{ S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT must be a http or https URL'],
    [
      { S3_ENDPOINT: 'http://m:9000', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', S3_BUCKET: 'Chat_Media' },
      "S3_BUCKET must be a valid bucket name (3-63 of a-z, 0-9, '.', '-'), got \"Chat_Media\"",
    ],
    [{ NATS_SUBJECT_PREFIX: 'a..b' }, 'NATS_SUBJECT_PREFIX must be subject tokens joined by dots, got "a..b"'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY must be false or the addresses/CIDRs of the proxies in front, got "everyone"'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY must be false or the addresses/CIDRs of the proxies in front, got "1"'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true would let a client choose its address: give the addresses/CIDRs of the proxies in front'],
    [{ NATS_STREAM_REPLICAS: '7' }, 'NATS_STREAM_REPLICAS must be an integer from 1 to 5, got "7"'],
    [{ RATE_LIMIT_MESSAGES_PER_MINUTE: '0' }, 'RATE_LIMIT_MESSAGES_PER_MINUTE must be an integer from 1 to 10000000, got "0"'],
    [{ RATE_LIMIT_FILES_PER_MINUTE: '1e3' }, 'RATE_LIMIT_FILES_PER_MINUTE must be an integer from 1 to 100000, got "1e3"'],
    [{ REDIS_KEY_PREFIX: 'has space' }, 'REDIS_KEY_PREFIX must be letters, digits and _ : . -, got "has space"'],
    [
      { ALLOWED_ORIGINS: 'https://chat.example.com/app' },
      'ALLOWED_ORIGINS must list origins such as https://chat.example.com (no path), got "https://chat.example.com/app"',
    ],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT must be an integer from 0 to 65535, got "nine"'],
    [{ CALL_RING_SECONDS: '0' }, 'CALL_RING_SECONDS must be an integer from 1 to 600, got "0"'],
    [
      { TURN_URLS: 'turn.example.com:3478' },
      'TURN_URLS must be stun:, turn: or turns: URIs separated by commas, got "turn.example.com:3478"',
    ],
    [
      { TURN_URLS: 'turns:turn.example.com:5349', TURN_SECRET: 'short' },
      "TURN_SECRET must be coturn's static-auth-secret, at least 32 characters, when TURN_URLS has a TURN server",
    ],
    [{ TURN_URLS: 'stun:stun.example.com', TURN_RELAY_ONLY: 'true' }, 'TURN_RELAY_ONLY needs a turn: or turns: URI in TURN_URLS'],
    [
      { LINK_PREVIEWS_FROM: 'web,wiki.internal' },
      'LINK_PREVIEWS_FROM must be web and/or IP addresses, separated by commas, got "wiki.internal"',
    ],
  ])('fails fast on %o with a message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrowError(new ConfigError(message));
  });

  it('times calls as the product says (45 s of ring, 15 s of grace) and has no TURN server unless given one', () => {
    const config = parseConfig({});
    expect(config.calls).toEqual({ ringMs: 45_000, graceMs: 15_000 });
    expect(config.turn).toBeUndefined();
    expect(
      parseConfig({
        TURN_URLS: 'stun:turn.example.com:3478, turns:turn.example.com:5349?transport=tcp',
        TURN_SECRET: 's'.repeat(32),
        TURN_TTL_SECONDS: '3600',
        TURN_RELAY_ONLY: 'true',
      }).turn,
    ).toEqual({
      urls: ['stun:turn.example.com:3478', 'turns:turn.example.com:5349?transport=tcp'],
      secret: 's'.repeat(32),
      ttlSeconds: 3600,
      relayOnly: true,
    });
  });

  it('requires JWT_SECRET of a service that runs on its own', () => {
    expect(() => requireJwtSecret(parseConfig({}))).toThrowError(new ConfigError('JWT_SECRET is required when a service runs on its own'));
    expect(requireJwtSecret(parseConfig({ JWT_SECRET: 'y'.repeat(32) }))).toBe('y'.repeat(32));
  });

  it('names every shared server a service on its own was not given, instead of opening an embedded one', () => {
    const config = parseConfig({ JWT_SECRET: 'y'.repeat(32), NATS_URL: 'nats://nats:4222' });
    expect(() => requireSharedSettings(config, ['JWT_SECRET', 'DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'S3_ENDPOINT'])).toThrowError(
      new ConfigError('DATABASE_URL, REDIS_URL, S3_ENDPOINT are required when a service runs on its own'),
    );
    expect(() => requireSharedSettings(config, ['JWT_SECRET', 'NATS_URL'])).not.toThrow();
  });
});
