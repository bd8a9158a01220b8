import { runService } from '@chat/kernel';
import { buildMessagesApp } from './app.js';

await runService(buildMessagesApp);
