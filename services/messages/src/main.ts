import { runService } from '@chat/common';
import { buildMessagesApp } from './app.js';

await runService(buildMessagesApp);
