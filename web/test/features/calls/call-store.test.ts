import type { Call, CallAnswer } from '@chat/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/api/client';
import { useCallStore } from '../../../src/features/calls';
import type { ChatSocket } from '../../../src/realtime/socket';
import { useAuthStore } from '../../../src/store/use-auth-store';

const CALL: Call = {
  id: '7d1c3a52-6f0e-4a53-9c61-1e2f7c1c0a01',
  callerId: 'ann',
  calleeId: 'bob',
  video: false,
  state: 'ringing',
  startedAt: '2026-11-29T06:00:00.000Z',
  answeredAt: null,
};

/** A socket whose call commands a test answers as it chooses: each command waits until `answer` is called for it. */
function commandSocket() {
  const asked: { event: string; payload: unknown; answer: (answer: CallAnswer) => void }[] = [];
  const emitWithAck = (event: string, payload: unknown) => new Promise<CallAnswer>((answer) => asked.push({ event, payload, answer }));
  const socket = { connected: true, emit: vi.fn(), timeout: () => ({ emitWithAck }) } as unknown as ChatSocket;
  return { socket, asked };
}

/** The microphone as the browser hands it over, its tracks stoppable. */
const microphone = () => {
  const track = { stop: vi.fn(), enabled: true, kind: 'audio' };
  return { getTracks: () => [track], getAudioTracks: () => [track], getVideoTracks: () => [] } as unknown as MediaStream;
};

const until = async (holds: () => boolean) => {
  await vi.waitFor(() => expect(holds()).toBe(true));
};

beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn(async () => microphone()) }, configurable: true });
  vi.spyOn(api, 'getIceServers').mockResolvedValue({ iceServers: [], relayOnly: false, expiresAt: CALL.startedAt });
  vi.spyOn(api, 'getContactCard').mockResolvedValue({ _id: 'ann', fullName: 'Ann', profilePic: '' } as never);
});
afterEach(() => {
  useCallStore.setState({ call: null, phase: null, local: null });
  useAuthStore.setState({ socket: null });
  vi.restoreAllMocks();
});

describe('placing a call', () => {
  it('cancels a call hung up while it was being placed, as soon as the server answers with it', async () => {
    const { socket, asked } = commandSocket();
    useAuthStore.setState({ socket });
    const placing = useCallStore.getState().start({ _id: 'bob', fullName: 'Bob', profilePic: '' }, false);
    await until(() => asked.length === 1);
    await useCallStore.getState().hangUp();
    asked[0]!.answer({ call: CALL });
    await until(() => asked.length === 2);
    expect(asked.map(({ event, payload }) => [event, payload])).toEqual([
      ['callStart', { to: 'bob', video: false }],
      ['callHangUp', { callId: CALL.id }],
    ]);
    asked[1]!.answer({ ended: { callId: CALL.id, reason: 'cancelled', by: 'ann' } });
    await placing;
    expect(useCallStore.getState()).toMatchObject({ call: null, phase: null });
  });
});

describe('a tab whose socket connects', () => {
  it('rings for a call that started while it was away', async () => {
    const { socket, asked } = commandSocket();
    useAuthStore.setState({ socket });
    const back = useCallStore.getState().socketBack();
    await until(() => asked.length === 1);
    expect(asked[0]).toMatchObject({ event: 'callRinging', payload: {} });
    asked[0]!.answer({ call: CALL });
    await back;
    expect(useCallStore.getState()).toMatchObject({ call: CALL, phase: 'incoming' });
  });

  it('stays quiet when nothing rings for me', async () => {
    const { socket, asked } = commandSocket();
    useAuthStore.setState({ socket });
    const back = useCallStore.getState().socketBack();
    await until(() => asked.length === 1);
    asked[0]!.answer({ error: { status: 404, message: 'No call is ringing for you' } });
    await back;
    expect(useCallStore.getState()).toMatchObject({ call: null, phase: null });
  });
});
