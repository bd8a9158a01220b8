import { runService } from '@chat/common';
import { buildAuthApp } from './app.js';

await runService(buildAuthApp);
