import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Call, CallAnswer, CallEnded, Message } from '@chat/contracts';
import { collectEvents, eventually, nextEvent } from '#test-support';
import { startLocalCluster, type LocalCluster } from '../scripts/local-cluster.js';
import { clusterUsers } from './cluster-users.js';

/** A side of a call may go unheard for 3 s here (15 s by default): a killed replica's calls end within it. */
const GRACE_SECONDS = 3;

let cluster: LocalCluster;

beforeAll(async () => {
  cluster = await startLocalCluster({ env: { RATE_LIMIT_SIGNUPS_PER_HOUR: '200', CALL_GRACE_SECONDS: String(GRACE_SECONDS) } });
});

afterEach(() => {
  disconnectAll();
});

afterAll(async () => {
  await cluster?.close();
});

const { signUp, disconnectAll } = clusterUsers(() => cluster);

type UserSocket = Awaited<ReturnType<Awaited<ReturnType<typeof signUp>>['socket']>>;
const command = (socket: UserSocket, event: string, payload: unknown) => socket.emitWithAck(event, payload) as Promise<CallAnswer>;
const callOf = (answer: CallAnswer): Call => {
  if (!('call' in answer)) throw new Error(`no call in ${JSON.stringify(answer)}`);
  return answer.call;
};
const offer = (callId: string) => ({ callId, description: { type: 'offer', sdp: 'v=0 offer across replicas' } });

describe('calls on the local cluster', () => {
  it('rings the person called on every tab on either replica, stops the others at the answer, and passes signals across replicas between the two sides only', async () => {
    const ann = await signUp('Ann Calls Cluster');
    const ben = await signUp('Ben Calls Cluster');
    const annTab = await ann.socket('gateway-1');
    const benTabs = [await ben.socket('gateway-1'), await ben.socket('gateway-2')];
    const rings = benTabs.map((tab) => collectEvents<Call>(tab, 'callRing'));

    const call = callOf(await command(annTab, 'callStart', { to: ben._id, video: true }));
    await eventually(() => rings.every((seen) => seen.length === 1), 'both of Ben’s tabs ring, one on each replica');
    const answeredElsewhere = nextEvent(benTabs[0]!, 'callAccepted');
    const acceptedAtAnn = nextEvent(annTab, 'callAccepted');
    callOf(await command(benTabs[1]!, 'callAccept', { callId: call.id }));
    expect(await answeredElsewhere).toEqual({ callId: call.id });
    expect(await acceptedAtAnn).toEqual({ callId: call.id });

    // Ann on gateway-1 and Ben's answering tab on gateway-2: the offer crosses, the answer comes back.
    const overheard = collectEvents(benTabs[0]!, 'callSignal');
    const atBen = nextEvent(benTabs[1]!, 'callSignal');
    annTab.emit('callSignal', offer(call.id));
    expect(await atBen).toEqual(offer(call.id));
    const atAnn = nextEvent(annTab, 'callSignal');
    benTabs[1]!.emit('callSignal', { callId: call.id, description: { type: 'answer', sdp: 'v=0 answer' } });
    expect(await atAnn).toEqual({ callId: call.id, description: { type: 'answer', sdp: 'v=0 answer' } });

    const endings = benTabs.map((tab) => nextEvent<CallEnded>(tab, 'callEnded'));
    await command(annTab, 'callHangUp', { callId: call.id });
    expect(await Promise.all(endings)).toEqual([
      { callId: call.id, reason: 'hungUp', by: ann._id },
      { callId: call.id, reason: 'hungUp', by: ann._id },
    ]);
    expect(overheard).toEqual([]);
  });

  it('ends the call for the other side within the grace when the replica holding one side is killed', async () => {
    const ann = await signUp('Ann Crash Call');
    const ben = await signUp('Ben Crash Call');
    const annTab = await ann.socket('gateway-1');
    const benTab = await ben.socket('gateway-2');
    const call = callOf(await command(annTab, 'callStart', { to: ben._id, video: false }));
    await command(benTab, 'callAccept', { callId: call.id });
    // Unheard past the grace, found by the next sweep (each second): the deadline leaves the loaded machine room.
    const ended = nextEvent<CallEnded>(annTab, 'callEnded', GRACE_SECONDS * 1000 + 15_000);
    await cluster.stop('gateway-2', 'SIGKILL');
    try {
      expect(await ended).toEqual({ callId: call.id, reason: 'lost' });
      const history = (await ann.client.get(`/api/messages/${ben._id}`)).body as Message[];
      expect(history.map((message) => message.call)).toEqual([{ video: false, outcome: 'answered', seconds: expect.any(Number) }]);
    } finally {
      await cluster.start('gateway-2');
    }
  }, 60_000);
});
