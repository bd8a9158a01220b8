import { defineConfig } from 'vitest/config';
import root from '../../vitest.config.js';

/**
 * The screen tour: every screen of the web app photographed at a phone's and a desktop's size, in a
 * light and a dark theme, for a person to look at (test-results/tour). Run by `make tour`, never by
 * `make test`: it asserts only that each screen opens.
 */
export default defineConfig({
  resolve: root.resolve,
  test: {
    name: 'tour',
    root: new URL('../..', import.meta.url).pathname,
    include: ['e2e/tour/**/*.tour.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
