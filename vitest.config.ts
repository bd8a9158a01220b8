import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run the workspace packages from source, so no build is needed first.
    // `@chat/<library>[/<adapter>]` resolves to packages/<library>/src, a service to its index.
    alias: [
      { find: /^@chat\/(auth|messages|gateway|embedded)$/, replacement: fromRoot('./services/$1/src/index.ts') },
      { find: /^@chat\/([\w-]+)$/, replacement: fromRoot('./packages/$1/src/index.ts') },
      { find: /^@chat\/([\w-]+)\/([\w-]+)$/, replacement: fromRoot('./packages/$1/src/$2.ts') },
      { find: '#test-support', replacement: fromRoot('./test/support/index.ts') },
    ],
  },
  test: {
    // Two at a time even on two cores: much of the run waits on servers, browsers and timeouts.
    maxWorkers: 2,
    // The Node suites build every app, client and server they use inside their own hooks and close
    // it there, so a worker may keep its loaded modules from one file to the next: importing the
    // services anew for each of sixty files was a third of the run. The web project, whose stores
    // are module singletons, sets its own.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'services',
          include: ['services/*/test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      'web/vite.config.ts',
      {
        extends: true,
        // The smoke test's hook starts the whole product in process: on a busy host, more than 10 s.
        test: { name: 'deploy', include: ['test/deploy/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'scripts', include: ['test/scripts/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'packages',
          include: ['packages/*/test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          // A target starts a browser and a whole deployment; on a busy host that can take a minute.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
