import { runService } from '@chat/common';
import { buildEmbeddedApp } from './app.js';

await runService(buildEmbeddedApp);
