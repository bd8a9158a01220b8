export { CallButtons } from './call-buttons';
export { CallLine } from './call-line';
export { CallScreen } from './call-screen';
export { IncomingCall } from './incoming-call';
export { callSocketHandlers } from './call-socket-handlers';
export { useCallStore, type CallPeer } from './call-store';
