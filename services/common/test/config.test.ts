import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';

describe('parseConfig', () => {
  it('runs embedded on :8080 with data under ./.data when nothing is set', () => {
    const config = parseConfig({}, '/srv/chat');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/chat/.data',
      logLevel: 'info',
      cookieSecure: false,
      bcryptCost: 10,
    });
    expect(config.jwtSecret).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads every variable it knows', () => {
    const config = parseConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/chat',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'x'.repeat(40),
        COOKIE_SECURE: 'true',
        BCRYPT_COST: '12',
        WEB_DIST: 'web/dist',
        DATABASE_URL: 'postgres://localhost/chat',
        NATS_URL: 'nats://localhost:4222',
        REDIS_URL: 'redis://localhost:6379',
      },
      '/srv/chat',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/chat',
      logLevel: 'warn',
      cookieSecure: true,
      bcryptCost: 12,
      webDist: '/srv/chat/web/dist',
      databaseUrl: 'postgres://localhost/chat',
      natsUrl: 'nats://localhost:4222',
      redisUrl: 'redis://localhost:6379',
    });
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
  ])('fails fast on %o with a message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrowError(new ConfigError(message));
  });
});
