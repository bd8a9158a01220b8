import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.js';
import { createServiceApp, type Resource } from '../src/service-app.js';

const config = parseConfig({ LOG_LEVEL: 'silent' });

/** A resource that writes what happens to it in `events`, and fails its ping while `down` is set. */
function resource(name: string, events: string[], state = { down: false }): Resource {
  return {
    ping: async () => {
      if (state.down) throw new Error(`${name} is down`);
    },
    close: async () => void events.push(`close ${name}`),
  };
}

describe('createServiceApp', () => {
  it('closes the resources after the service, last opened first', async () => {
    const events: string[] = [];
    const { app } = await createServiceApp(config, {
      database: () => resource('database', events),
      bus: () => resource('bus', events),
    });
    app.addHook('onClose', async () => void events.push('service closed'));
    await app.close();
    expect(events).toEqual(['service closed', 'close bus', 'close database']);
  });

  it('answers /readyz 503 naming the resource that did not answer its ping', async () => {
    const events: string[] = [];
    const media = { down: false };
    const { app } = await createServiceApp(config, {
      database: () => resource('database', events),
      media: () => resource('media', events, media),
      counters: () => ({ close: () => undefined }),
    });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    media.down = true;
    const answer = await app.inject('/readyz');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: 'Not ready: media' });
    await app.close();
  });

  it('closes what it had opened when a later resource cannot be opened', async () => {
    const events: string[] = [];
    const opening = createServiceApp(config, {
      database: () => resource('database', events),
      bus: () => resource('bus', events),
      presence: async (): Promise<Resource> => {
        throw new Error('Redis refused the connection');
      },
    });
    await expect(opening).rejects.toThrow('Redis refused the connection');
    expect(events).toEqual(['close bus', 'close database']);
  });
});
