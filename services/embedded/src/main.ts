import { runService } from '@chat/kernel';
import { buildEmbeddedApp } from './app.js';

await runService(buildEmbeddedApp);
