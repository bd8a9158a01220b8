import { setFlagsFromString } from 'node:v8';
import { runService } from '@chat/kernel';
import { buildGatewayApp } from './app.js';

// A gateway's heap is mostly its sockets' long-lived state, and its garbage mostly their heartbeats'
// timers, which live long enough to reach the old generation. A full collection once that has grown
// half past what is live keeps RSS near what the sockets hold: 16.9–18.8 KB a socket between
// collections over 50,000 idle sockets, against 18.6–20.9 with V8's own heuristics, for no CPU
// measured (docs/performance.md).
setFlagsFromString('--heap-growing-percent=50');

await runService(buildGatewayApp);
