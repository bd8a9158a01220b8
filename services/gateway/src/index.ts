export type { GatewayServiceOptions } from './deps.js';
export { gatewayService } from './plugin.js';
export { PRESENCE_PUSH_INTERVAL_MS } from './presence.js';
export { buildGatewayApp } from './app.js';
