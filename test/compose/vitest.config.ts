import { defineConfig } from 'vitest/config';

/**
 * The compose stack's suite: run by `make test-containers` on a Docker engine (DOCKER_HOST), never
 * by `make test`. One file, one stack: brought up in its hook, taken down at the end.
 */
export default defineConfig({
  test: {
    name: 'compose',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/compose/**/*.test.ts'],
    // Images build and containers start or restart inside these: minutes on a busy host.
    testTimeout: 240_000,
    hookTimeout: 600_000,
  },
});
