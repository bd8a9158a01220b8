import { runService } from '@chat/kernel';
import { buildGatewayApp } from './app.js';

await runService(buildGatewayApp);
