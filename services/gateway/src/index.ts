export type { GatewayServiceOptions } from './deps.js';
export { gatewayService, SOCKET_PATH } from './plugin.js';
export { PRESENCE_PUSH_INTERVAL_MS, type OnlineUsersChanged } from './presence.js';
export { NOT_AUTHENTICATED, USER_MISMATCH } from './socket-auth.js';
export { buildGatewayApp } from './app.js';
