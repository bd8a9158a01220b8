import { runService } from '@chat/common';
import { buildGatewayApp } from './app.js';

await runService(buildGatewayApp);
