import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CALL_ERRORS, type Call, type CallAnswer, type CallEnded, type IceServers, type InboxEntry, type Message } from '@chat/contracts';
import { ApiClient, collectEvents, eventually, nextEvent } from '#test-support';
import { startEmbedded } from './embedded-server.js';

// Calls ring for 2 s and a side may go unheard for 2 s here (45 s and 15 s by default).
let server: Awaited<ReturnType<typeof startEmbedded>>;
beforeAll(async () => {
  server = await startEmbedded({ CALL_RING_SECONDS: '2', CALL_GRACE_SECONDS: '2', RATE_LIMIT_SIGNUPS_PER_HOUR: '100' });
});
afterAll(() => server.app.close());

const signedUp = (name: string) => server.signedUp(name);
type Person = Awaited<ReturnType<typeof signedUp>>;

const command = (socket: Socket, event: string, payload: unknown) => socket.emitWithAck(event, payload) as Promise<CallAnswer>;
const callOf = (answer: CallAnswer): Call => {
  if (!('call' in answer)) throw new Error(`no call in ${JSON.stringify(answer)}`);
  return answer.call;
};
const offer = (callId: string) => ({ callId, description: { type: 'offer', sdp: 'v=0 offer' } });
const candidate = (callId: string, line: string) => ({ callId, candidate: { candidate: line, sdpMid: '0', sdpMLineIndex: 0 } });

/** The line a call left in the conversation, as `person` sees it with `peer`. */
async function callLines(person: Person, peer: Person) {
  const history = await person.client.get(`/api/messages/${peer.id}`);
  return (history.body as Message[]).filter((message) => message.call).map((message) => ({ from: message.senderId, call: message.call }));
}

/** How many unread messages `person`'s inbox counts from `peer`. */
async function unreadFrom(person: Person, peer: Person) {
  const inbox = (await person.client.get('/api/messages/users')).body as InboxEntry[];
  return inbox.find((entry) => entry._id === peer.id)?.unreadCount;
}

describe('a one-to-one call, from the ring to the hang-up', () => {
  it('rings every tab of the person called, is answered on one, passes signals between the two sides only, and leaves its line', async () => {
    const [ann, bob] = await Promise.all([signedUp('Ann Caller'), signedUp('Bob Callee')]);
    const [annTab, annOther] = await Promise.all([ann.socket(), ann.socket()]);
    const [bobTab, bobOther] = await Promise.all([bob.socket(), bob.socket()]);
    const rings = [bobTab, bobOther].map((tab) => collectEvents<Call>(tab, 'callRing'));
    const annOtherRings = collectEvents<Call>(annOther, 'callRing');

    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: true }));
    expect(call).toMatchObject({ callerId: ann.id, calleeId: bob.id, video: true, state: 'ringing', answeredAt: null });
    await eventually(() => rings.every((seen) => seen.length === 1), 'both of Bob’s tabs ring');
    expect(rings).toEqual([[call], [call]]);

    const acceptedAtAnn = nextEvent(annTab, 'callAccepted');
    const answeredElsewhere = nextEvent(bobOther, 'callAccepted');
    const accepted = callOf(await command(bobTab, 'callAccept', { callId: call.id }));
    expect(accepted).toMatchObject({ id: call.id, state: 'active' });
    expect(await acceptedAtAnn).toEqual({ callId: call.id });
    expect(await answeredElsewhere).toEqual({ callId: call.id });

    // The caller's offer reaches the tab that answered, its candidates come back, and no other tab hears either.
    const overheard = [annOther, bobOther].map((tab) => collectEvents(tab, 'callSignal'));
    const atBob = nextEvent(bobTab, 'callSignal');
    annTab.emit('callSignal', offer(call.id));
    expect(await atBob).toEqual(offer(call.id));
    const atAnn = nextEvent(annTab, 'callSignal');
    bobTab.emit('callSignal', candidate(call.id, 'candidate:1 1 udp 2122260223 192.0.2.1 50000 typ host'));
    expect(await atAnn).toEqual(candidate(call.id, 'candidate:1 1 udp 2122260223 192.0.2.1 50000 typ host'));
    const cameraOff = nextEvent(bobTab, 'callSignal');
    annTab.emit('callSignal', { callId: call.id, camera: false });
    expect(await cameraOff).toEqual({ callId: call.id, camera: false });

    const endedAtBob = nextEvent<CallEnded>(bobTab, 'callEnded');
    const endedAtBobOther = nextEvent<CallEnded>(bobOther, 'callEnded');
    expect(await command(annTab, 'callHangUp', { callId: call.id })).toEqual({ ended: { callId: call.id, reason: 'hungUp', by: ann.id } });
    expect(await endedAtBob).toEqual({ callId: call.id, reason: 'hungUp', by: ann.id });
    expect(await endedAtBobOther).toEqual({ callId: call.id, reason: 'hungUp', by: ann.id });
    expect(overheard).toEqual([[], []]);
    expect(annOtherRings).toEqual([]);

    const line = { from: ann.id, call: { video: true, outcome: 'answered', seconds: expect.any(Number) } };
    expect(await callLines(ann, bob)).toEqual([line]);
    expect(await callLines(bob, ann)).toEqual([line]);
    // An answered call is no unread message.
    expect(await unreadFrom(bob, ann)).toBe(0);
    for (const tab of [annTab, annOther, bobTab, bobOther]) tab.disconnect();
  });

  it('ends for both when the person called declines, on every tab of theirs', async () => {
    const [ann, bob] = await Promise.all([signedUp('Ann Declined'), signedUp('Bob Declines')]);
    const annTab = await ann.socket();
    const [bobTab, bobOther] = await Promise.all([bob.socket(), bob.socket()]);
    const ringing = nextEvent<Call>(bobOther, 'callRing');
    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: false }));
    await ringing;
    const endedAtAnn = nextEvent<CallEnded>(annTab, 'callEnded');
    const endedAtBobOther = nextEvent<CallEnded>(bobOther, 'callEnded');
    expect(await command(bobTab, 'callDecline', { callId: call.id })).toEqual({
      ended: { callId: call.id, reason: 'declined', by: bob.id },
    });
    expect(await endedAtAnn).toEqual({ callId: call.id, reason: 'declined', by: bob.id });
    expect(await endedAtBobOther).toEqual({ callId: call.id, reason: 'declined', by: bob.id });
    expect(await callLines(bob, ann)).toEqual([{ from: ann.id, call: { video: false, outcome: 'declined' } }]);
    // Over: accepting it now is refused.
    expect(await command(bobOther, 'callAccept', { callId: call.id })).toEqual({ error: { status: 404, message: CALL_ERRORS.ended } });
    for (const tab of [annTab, bobTab, bobOther]) tab.disconnect();
  });

  it('rings a tab that connects while the call rings, when it asks; answered there, it is that side; nothing rings for the caller', async () => {
    const [ann, bob] = await Promise.all([signedUp('Ann Rings Late'), signedUp('Bob Opens Late')]);
    const annTab = await ann.socket();
    const bobEarly = await bob.socket();
    const notRinging = { error: { status: 404, message: CALL_ERRORS.notRinging } };
    expect(await command(bobEarly, 'callRinging', {})).toEqual(notRinging);
    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: true }));
    // Opened after the ring went out: it missed the callRing, and asks.
    const bobLate = await bob.socket();
    expect(await command(bobLate, 'callRinging', {})).toEqual({ call });
    expect(await command(await ann.socket(), 'callRinging', {}), 'the caller’s own tabs').toEqual(notRinging);
    callOf(await command(bobLate, 'callAccept', { callId: call.id }));
    const atBob = nextEvent(bobLate, 'callSignal');
    annTab.emit('callSignal', offer(call.id));
    expect(await atBob).toEqual(offer(call.id));
    // Answered: it rings nowhere any more, and asking does not make a socket a side.
    expect(await command(bobEarly, 'callRinging', {})).toEqual(notRinging);
    await command(annTab, 'callHangUp', { callId: call.id });
    for (const tab of [annTab, bobEarly, bobLate]) tab.disconnect();
  });

  it('ends unanswered after the ring, as a missed call counted unread for the person called', async () => {
    const [ann, bob] = await Promise.all([signedUp('Ann Unanswered'), signedUp('Bob Away')]);
    const [annTab, bobTab] = await Promise.all([ann.socket(), bob.socket()]);
    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: false }));
    const [atAnn, atBob] = await Promise.all([nextEvent<CallEnded>(annTab, 'callEnded'), nextEvent<CallEnded>(bobTab, 'callEnded')]);
    expect(atAnn).toEqual({ callId: call.id, reason: 'noAnswer' });
    expect(atBob).toEqual({ callId: call.id, reason: 'noAnswer' });
    expect(await callLines(bob, ann)).toEqual([{ from: ann.id, call: { video: false, outcome: 'missed' } }]);
    expect(await unreadFrom(bob, ann)).toBe(1);
    for (const tab of [annTab, bobTab]) tab.disconnect();
  });

  it('says busy to a third caller, who leaves a missed call, and refuses a second call of someone in one', async () => {
    const [ann, bob, cat] = await Promise.all([signedUp('Ann Busy'), signedUp('Bob Busy'), signedUp('Cat Busy')]);
    const [annTab, bobTab, catTab] = await Promise.all([ann.socket(), bob.socket(), cat.socket()]);
    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: false }));
    await command(bobTab, 'callAccept', { callId: call.id });
    const busy = await command(catTab, 'callStart', { to: bob.id, video: true });
    expect(busy).toEqual({ ended: { callId: expect.any(String), reason: 'busy' } });
    expect(await callLines(bob, cat)).toEqual([{ from: cat.id, call: { video: true, outcome: 'missed' } }]);
    expect(await command(annTab, 'callStart', { to: cat.id, video: false })).toEqual({
      error: { status: 409, message: CALL_ERRORS.alreadyInCall },
    });
    await command(bobTab, 'callHangUp', { callId: call.id });
    // Over: Cat may call Bob now.
    const again = callOf(await command(catTab, 'callStart', { to: bob.id, video: true }));
    await command(catTab, 'callHangUp', { callId: again.id });
    for (const tab of [annTab, bobTab, catTab]) tab.disconnect();
  });
});

describe('who may take part in a call', () => {
  it('refuses a call to oneself, to nobody, across a block, or malformed, with the reason', async () => {
    const [ann, bob, cat] = await Promise.all([signedUp('Ann Refused'), signedUp('Bob Blocked'), signedUp('Cat Blocker')]);
    const annTab = await ann.socket();
    await ann.client.post(`/api/messages/block/${bob.id}`, {});
    await cat.client.post(`/api/messages/block/${ann.id}`, {});
    const refusals = await Promise.all([
      command(annTab, 'callStart', { to: ann.id, video: false }),
      command(annTab, 'callStart', { to: '00000000-0000-4000-8000-000000000000', video: false }),
      command(annTab, 'callStart', { to: bob.id, video: false }),
      command(annTab, 'callStart', { to: cat.id, video: false }),
      command(annTab, 'callStart', { to: 'someone', video: false }),
      command(annTab, 'callStart', { to: bob.id }),
      command(annTab, 'callAccept', { callId: 42 }),
    ]);
    expect(refusals).toEqual([
      { error: { status: 400, message: CALL_ERRORS.yourself } },
      { error: { status: 404, message: CALL_ERRORS.userNotFound } },
      { error: { status: 403, message: CALL_ERRORS.calleeBlocked } },
      { error: { status: 403, message: CALL_ERRORS.blockedByCallee } },
      { error: { status: 400, message: 'to must be a user id' } },
      { error: { status: 400, message: 'video must be true or false' } },
      { error: { status: 400, message: 'callId must be a call id' } },
    ]);
    annTab.disconnect();
  });

  it('keeps to whom the person called takes calls from: nobody, or the people they have a conversation with', async () => {
    const [ann, bob, cat] = await Promise.all([signedUp('Ann Talked'), signedUp('Bob Picky'), signedUp('Cat Stranger')]);
    const [annTab, catTab] = await Promise.all([ann.socket(), cat.socket()]);
    const refused = { error: { status: 403, message: CALL_ERRORS.notTakingCalls } };
    const callBob = (tab: Socket) => command(tab, 'callStart', { to: bob.id, video: false });
    await ann.client.post(`/api/messages/send/${bob.id}`, { text: 'Can I call you?' });
    expect((await bob.client.put('/api/auth/settings', { callsFrom: 'nobody' })).status).toBe(200);
    await eventually(async () => 'error' in (await callBob(annTab)), 'Bob takes no calls, not even Ann’s');
    expect(await callBob(annTab)).toEqual(refused);
    await bob.client.put('/api/auth/settings', { callsFrom: 'contacts' });
    let answer: CallAnswer = refused;
    await eventually(async () => 'call' in (answer = await callBob(annTab)), 'Bob takes Ann’s call: they have a conversation');
    await command(annTab, 'callHangUp', { callId: callOf(answer).id });
    expect(await callBob(catTab)).toEqual(refused);
    for (const tab of [annTab, catTab]) tab.disconnect();
  });

  it('hears no signal from a socket outside the call, nor accepts a stranger, nor relays anything once it ended', async () => {
    const [ann, bob, eve] = await Promise.all([signedUp('Ann Private'), signedUp('Bob Private'), signedUp('Eve Stranger')]);
    const [annTab, bobTab, bobOther, eveTab] = await Promise.all([ann.socket(), bob.socket(), bob.socket(), eve.socket()]);
    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: false }));
    expect(await command(eveTab, 'callAccept', { callId: call.id })).toEqual({ error: { status: 404, message: CALL_ERRORS.ended } });
    expect(await command(eveTab, 'callHangUp', { callId: call.id })).toEqual({ error: { status: 404, message: CALL_ERRORS.ended } });
    await command(bobTab, 'callAccept', { callId: call.id });
    const atBob = collectEvents(bobTab, 'callSignal');
    const typingAtBob = collectEvents(bobTab, 'typing');
    // Each socket's refused signal goes before its typing notice: had it been relayed, it would be there first.
    for (const tab of [eveTab, bobOther]) tab.emit('callSignal', offer(call.id));
    eveTab.emit('typing', { to: bob.id, isTyping: true });
    annTab.emit('callSignal', { callId: call.id, description: { type: 'offer', sdp: 'x'.repeat(20_001) } });
    annTab.emit('typing', { to: bob.id, isTyping: true });
    await eventually(() => typingAtBob.length === 2, 'Bob hears Eve and Ann typing');
    expect(atBob).toEqual([]);

    await command(annTab, 'callHangUp', { callId: call.id });
    annTab.emit('callSignal', offer(call.id));
    annTab.emit('typing', { to: bob.id, isTyping: false });
    await eventually(() => typingAtBob.length === 3, 'Bob hears Ann stop typing');
    expect(atBob).toEqual([]);
    for (const tab of [annTab, bobTab, bobOther, eveTab]) tab.disconnect();
  });
});

describe('a side that vanishes', () => {
  it('ends the call for the other side once the grace is over', async () => {
    const [ann, bob] = await Promise.all([signedUp('Ann Vanishes'), signedUp('Bob Stays')]);
    const [annTab, bobTab] = await Promise.all([ann.socket(), bob.socket()]);
    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: false }));
    await command(bobTab, 'callAccept', { callId: call.id });
    const ended = nextEvent<CallEnded>(bobTab, 'callEnded');
    annTab.disconnect();
    expect(await ended).toEqual({ callId: call.id, reason: 'lost' });
    expect(await callLines(bob, ann)).toEqual([{ from: ann.id, call: { video: false, outcome: 'answered', seconds: expect.any(Number) } }]);
    bobTab.disconnect();
  });

  it('goes on when the side comes back within the grace from a new socket, which the other side’s signals then reach', async () => {
    const [ann, bob, cat, dan] = await Promise.all([
      signedUp('Ann Returns'),
      signedUp('Bob Waits'),
      signedUp('Cat Gone'),
      signedUp('Dan Left'),
    ]);
    const [annTab, bobTab, catTab, danTab] = await Promise.all([ann.socket(), bob.socket(), cat.socket(), dan.socket()]);
    const call = callOf(await command(annTab, 'callStart', { to: bob.id, video: true }));
    await command(bobTab, 'callAccept', { callId: call.id });
    const endings = collectEvents<CallEnded>(bobTab, 'callEnded');
    annTab.disconnect();
    const annBack = await ann.socket();
    expect(callOf(await command(annBack, 'callRejoin', { callId: call.id }))).toMatchObject({ id: call.id, state: 'active' });
    const atAnn = nextEvent(annBack, 'callSignal');
    bobTab.emit('callSignal', offer(call.id));
    expect(await atAnn).toEqual(offer(call.id));
    // A call whose side vanished after Ann's came back ends as lost: by then Ann's would have too, had it not come back.
    const control = callOf(await command(catTab, 'callStart', { to: dan.id, video: false }));
    await command(danTab, 'callAccept', { callId: control.id });
    const controlEnded = nextEvent<CallEnded>(danTab, 'callEnded');
    catTab.disconnect();
    expect(await controlEnded).toEqual({ callId: control.id, reason: 'lost' });
    expect(endings).toEqual([]);
    const ended = nextEvent<CallEnded>(bobTab, 'callEnded');
    await command(annBack, 'callHangUp', { callId: call.id });
    expect(await ended).toEqual({ callId: call.id, reason: 'hungUp', by: ann.id });
    for (const tab of [annBack, bobTab, danTab]) tab.disconnect();
  });
});

describe('the ICE servers a call connects through', () => {
  const TURN_SECRET = 'coturn-static-auth-secret-'.padEnd(40, 'x');
  let withTurn: Awaited<ReturnType<typeof startEmbedded>>;
  beforeAll(async () => {
    withTurn = await startEmbedded({
      TURN_URLS: 'stun:turn.example.com:3478,turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349?transport=tcp',
      TURN_SECRET,
      TURN_TTL_SECONDS: '3600',
    });
  });
  afterAll(() => withTurn.app.close());

  it('are none where the deployment has none, and only for someone signed in', async () => {
    const ann = await signedUp('Ann Direct');
    const answer = await ann.client.get('/api/auth/ice-servers');
    expect(answer.body).toEqual({ iceServers: [], relayOnly: false, expiresAt: expect.any(String) });
    expect((await new ApiClient(server.baseUrl).get('/api/auth/ice-servers')).status).toBe(401);
  });

  it('give the STUN servers as they are and a TURN credential of the user’s own, good for the TTL, as coturn checks it', async () => {
    const ann = await withTurn.signedUp('Ann Relayed');
    const before = Math.floor(Date.now() / 1000);
    const answer = await ann.client.get('/api/auth/ice-servers');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { iceServers, relayOnly, expiresAt } = answer.body as IceServers;
    const [stun, turn] = iceServers;
    expect(stun).toEqual({ urls: ['stun:turn.example.com:3478'] });
    expect(turn?.urls).toEqual(['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349?transport=tcp']);
    const [expiry, userId] = turn!.username!.split(':');
    expect(userId).toBe(ann.id);
    expect(Number(expiry) - before).toBeGreaterThanOrEqual(3600);
    expect(Number(expiry) - before).toBeLessThan(3600 + 60);
    expect(Date.parse(expiresAt) / 1000).toBe(Number(expiry));
    expect(turn!.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn!.username!).digest('base64'));
    expect(relayOnly).toBe(false);
  });
});
