import type { SocketHandlers } from '../../realtime/socket-handlers';
import { useCallStore } from './call-store';

const calls = () => useCallStore.getState();

/** The call events, for this tab's call. */
export const callSocketHandlers: SocketHandlers<'callRing' | 'callAccepted' | 'callEnded' | 'callSignal'> = {
  callRing: (call) => void calls().rang(call),
  callAccepted: ({ callId }) => calls().accepted(callId),
  callEnded: (ended) => calls().ended(ended),
  callSignal: (signal) => calls().signalled(signal),
};
