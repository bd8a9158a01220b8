import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

/** The API and the socket live on the embedded server during development. */
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // A service worker keeps the app itself (HTML, scripts, styles, animations) on the device: it
    // opens without the network, shows the outbox, and sends it once the connection is back. The
    // API, the socket and the media are never cached by it. A new build takes over on the next load.
    VitePWA({
      registerType: 'autoUpdate',
      // A script file, not an inline one: the CSP allows scripts from this origin only.
      injectRegister: 'script',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,json}'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/healthz/, /^\/readyz/, /^\/metrics/],
        cleanupOutdatedCaches: true,
        // The first visit's page is looked after at once, not only from the next load on.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: {
    // lottie-react also imports the full and SVG players, whose expression engine calls eval; the
    // light player renders our animations and keeps eval out of the bundle, for a strict CSP.
    alias: [
      // The contract is compiled with the app, from its source: no build of the package first.
      { find: '@chat/contracts', replacement: fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)) },
      {
        find: /^lottie-web(\/build\/player\/lottie(_svg)?(\.js)?)?$/,
        replacement: 'lottie-web/build/player/lottie_light.js',
      },
    ],
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    // Lottie and the emoji picker are big; they are split out so the first screen paints sooner.
    chunkSizeWarningLimit: 900,
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // The stores are module singletons: each test file starts from fresh ones, in a fresh VM
    // context of a kept process (the forks pool started a process a file: the DOM, React and the
    // icons loaded anew each time, 65 s of CPU for 5 s of tests; this way 28).
    isolate: true,
    pool: 'vmForks',
  },
});
