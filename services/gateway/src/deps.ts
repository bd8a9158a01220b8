import type { Bus, Presence } from '@chat/common';

export interface GatewayServiceOptions {
  bus: Bus;
  presence: Presence;
  jwtSecret: string;
}
