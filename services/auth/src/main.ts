import { runService } from '@chat/kernel';
import { buildAuthApp } from './app.js';

await runService(buildAuthApp);
