import { runService } from '@chat/kernel';
import { buildEmbeddedApp } from './app.js';

// Whatever the embedded database and stores create under DATA_DIR is the owner's alone (0600, 0700).
process.umask(0o077);
await runService(buildEmbeddedApp, {
  readyLine: (port) => `Chat.io is running at http://localhost:${port}`,
});
