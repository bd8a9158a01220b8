import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (pkg: string) => fileURLToPath(new URL(`./services/${pkg}/src/index.ts`, import.meta.url));
const CONTRACTS_SOURCE = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run the workspace packages from source, so no build is needed first.
    alias: {
      '@chat/contracts': CONTRACTS_SOURCE,
      '@chat/common': source('common'),
      '@chat/auth': source('auth'),
      '@chat/messages': source('messages'),
      '@chat/gateway': source('gateway'),
      '@chat/embedded': source('embedded'),
      '#test-support': fileURLToPath(new URL('./test/support/index.ts', import.meta.url)),
    },
  },
  test: {
    // Two at a time even on two cores: much of the run waits on servers, browsers and timeouts.
    maxWorkers: 2,
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
        test: { name: 'deploy', include: ['test/deploy/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: { name: 'scripts', include: ['test/scripts/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'packages', include: ['packages/*/test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
