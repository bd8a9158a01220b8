import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Call, CallAnswer, CallEnded, Group, GroupChanged, GroupReceipts, Message, OnlineUsersChanged } from '@chat/contracts';
import { ApiClient, collectEvents, connected, eventually, nextEvent, openSocket } from '#test-support';
import { startLocalCluster, type ClusterService, type LocalCluster } from '../scripts/local-cluster.js';
import { clusterUsers } from './cluster-users.js';

let cluster: LocalCluster;
const CALL_GRACE_SECONDS = 3;

beforeAll(async () => {
  // Every test signs its people up from this one address: more than the product's 20 an hour.
  // A side of a call may go unheard for 3 s here (15 s by default): a killed replica's calls end within it.
  cluster = await startLocalCluster({ env: { RATE_LIMIT_SIGNUPS_PER_HOUR: '200', CALL_GRACE_SECONDS: String(CALL_GRACE_SECONDS) } });
});

afterEach(() => {
  disconnectAll();
});

afterAll(async () => {
  await cluster?.close();
});

const { signUp, disconnectAll } = clusterUsers(() => cluster);

describe('the local cluster: services on their own behind nginx', () => {
  it('carries messages live between users on different gateway replicas, both ways, once each', async () => {
    const ann = await signUp('Ann Cluster');
    const ben = await signUp('Ben Cluster');
    const annSocket = await ann.socket('gateway-1');
    const benSocket = await ben.socket('gateway-2');
    const toBen = collectEvents<{ text: string }>(benSocket, 'newMessage');
    const toAnn = collectEvents<{ text: string }>(annSocket, 'newMessage');

    // Sent over HTTP without a socket id, as from another tab: the sender's sockets get a copy too.
    await ann.send(ben, 'from replica one');
    await ben.send(ann, 'from replica two');
    // Published after the others on the same subjects: once it is in, a second copy of those would be too.
    await ann.send(ben, 'last');
    const last = (events: { text: string }[]) => events.some((m) => m.text === 'last');
    await eventually(() => last(toBen) && last(toAnn), 'the last message delivered to both');
    expect(toBen.map((m) => m.text)).toEqual(['from replica one', 'from replica two', 'last']);
    expect(toAnn.map((m) => m.text)).toEqual(['from replica one', 'from replica two', 'last']);
  });

  it('carries a group’s messages once to each member’s sockets on every replica, and stops at a removal on the other one', async () => {
    const ann = await signUp('Ann Group Cluster');
    const ben = await signUp('Ben Group Cluster');
    const cat = await signUp('Cat Group Cluster');
    const benTabs = [await ben.socket('gateway-1'), await ben.socket('gateway-2')];
    const catSocket = await cat.socket('gateway-2');
    const benAdded = collectEvents<GroupChanged>(benTabs[1]!, 'groupChanged');
    const catAdded = collectEvents<GroupChanged>(catSocket, 'groupChanged');
    const created = await ann.client.post('/api/messages/groups', { name: 'Ridge', memberIds: [ben._id, cat._id] });
    expect(created.status).toBe(201);
    const group = created.body as Group;
    await eventually(() => benAdded.length === 1 && catAdded.length === 1, 'both told they are in the group, on either replica');
    // Ann's first socket arrives after the group exists: her replica asks for her groups.
    const annSocket = await ann.socket('gateway-1');
    const hear = (socket: typeof annSocket) => {
      const messages = collectEvents<Message>(socket, 'newMessage');
      return () => messages.map((message) => message.text ?? `(${message.system?.kind})`);
    };
    const [annHears, ben1Hears, ben2Hears, catHears] = [hear(annSocket), hear(benTabs[0]!), hear(benTabs[1]!), hear(catSocket)] as const;
    const send = (from: typeof ann, text: string) => from.client.post(`/api/messages/groups/${group._id}/send`, { text });
    await send(ann, 'one');
    await send(cat, 'two');
    await eventually(() => [annHears, ben1Hears, ben2Hears, catHears].every((texts) => texts().length === 2), 'both messages everywhere');
    expect([annHears(), ben1Hears(), ben2Hears(), catHears()]).toEqual(Array(4).fill(['one', 'two']));
    const typingAtCat = collectEvents(catSocket, 'typing');
    annSocket.emit('typing', { to: group._id, isTyping: true, group: true });
    await eventually(() => typingAtCat.length === 1, 'Ann typing on gateway-1 heard by Cat on gateway-2');
    expect(typingAtCat).toEqual([{ from: ann._id, isTyping: true, groupId: group._id }]);

    // Removed through replica-independent HTTP; Cat is on gateway-2, Ann writes from gateway-1's side.
    expect((await ann.client.delete(`/api/messages/groups/${group._id}/members/${cat._id}`)).status).toBe(204);
    await send(ann, 'three');
    await send(ben, 'four');
    // Once Ben's tab on gateway-2 has the last one, Cat's socket there would have it too, had it stayed in the room.
    await eventually(() => ben1Hears().includes('four') && ben2Hears().includes('four'), 'the later messages on both replicas');
    expect(catHears()).toEqual(['one', 'two', '(removed)']);
    expect(ben1Hears()).toEqual(['one', 'two', '(removed)', 'three', 'four']);
  });

  it('turns a group message delivered, then read, once members on both replicas have it and read it: told once to the sender’s tabs on either', async () => {
    const ann = await signUp('Ann Receipts Cluster');
    const ben = await signUp('Ben Receipts Cluster');
    const cat = await signUp('Cat Receipts Cluster');
    const [benSocket, catSocket] = [await ben.socket('gateway-1'), await cat.socket('gateway-2')];
    const added = [collectEvents<GroupChanged>(benSocket, 'groupChanged'), collectEvents<GroupChanged>(catSocket, 'groupChanged')];
    const group = (await ann.client.post('/api/messages/groups', { name: 'Map', memberIds: [ben._id, cat._id] })).body as Group;
    await eventually(() => added.every((events) => events.length === 1), 'both in the group, one on each replica');
    const annTabs = [await ann.socket('gateway-1'), await ann.socket('gateway-2')];
    const told = annTabs.map((tab) => collectEvents<GroupReceipts>(tab, 'groupReceipts'));
    const sent = (await ann.client.post(`/api/messages/groups/${group._id}/send`, { text: 'Who brings the map?' })).body as Message;
    const deliveredOnly = (events: GroupReceipts[]) => events.filter((r) => r.deliveredUpTo === sent._id && r.readUpTo !== sent._id);
    const readAll = (events: GroupReceipts[]) => events.filter((r) => r.readUpTo === sent._id);

    benSocket.emit('groupReceived', { groupId: group._id, upTo: sent._id });
    catSocket.emit('groupReceived', { groupId: group._id, upTo: sent._id });
    await eventually(() => told.every((events) => deliveredOnly(events).length > 0), 'delivered, on both of Ann’s tabs');
    for (const reader of [ben, cat]) await reader.client.post(`/api/messages/groups/${group._id}/read`, { upTo: sent._id });
    await eventually(() => told.every((events) => readAll(events).length > 0), 'read by both, on both of Ann’s tabs');
    // A later message of the group comes after any other receipt there could have been.
    const heard = collectEvents<Message>(annTabs[1]!, 'newMessage');
    await ben.client.post(`/api/messages/groups/${group._id}/send`, { text: 'I do' });
    await eventually(() => heard.length === 1, 'Ben’s answer at Ann');
    expect(told.map((events) => [deliveredOnly(events).length, readAll(events).length])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    const history = (await ann.client.get(`/api/messages/groups/${group._id}/messages`)).body as Message[];
    expect(history.find((message) => message._id === sent._id)).toMatchObject({
      deliveredAt: expect.any(String),
      readAt: expect.any(String),
    });
  });

  it('takes a 10 MB file through the edge into the object store, and hands it back to the other person alone', async () => {
    const ann = await signUp('Ann Cluster Files');
    const ben = await signUp('Ben Cluster Files');
    const eve = await signUp('Eve Cluster Files');
    const benSocket = await ben.socket('gateway-2');
    const toBen = collectEvents<{ file?: { name: string } }>(benSocket, 'newMessage');
    const bytes = new Uint8Array(10 * 1024 * 1024).map((_, index) => index % 251);
    const sent = await ann.client.sendFile<{ file: { url: string; name: string; size: number } }>(
      ben._id,
      { name: 'site survey.zip', bytes },
      { text: 'all of it' },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.file).toMatchObject({ name: 'site survey.zip', size: bytes.length });
    await eventually(() => toBen.length === 1, 'the file’s message live on Ben’s replica');
    const download = await ben.client.get(sent.body.file.url);
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, Buffer.from(bytes)), 'the same bytes back').toBe(0);
    expect((await eve.client.get(sent.body.file.url)).status).toBe(404);
  });

  it('tells the person typed to on another replica who is typing, once per notice', async () => {
    const ann = await signUp('Ann Typing');
    const ben = await signUp('Ben Typing');
    const annSocket = await ann.socket('gateway-1');
    const benTabs = [await ben.socket('gateway-2'), await ben.socket('gateway-1')];
    const atBen = benTabs.map((tab) => collectEvents<{ from: string; isTyping: boolean }>(tab, 'typing'));
    // The third notice travels the same way after the first two: once it is in, a second copy of
    // either would be in too.
    for (const isTyping of [true, false, true]) annSocket.emit('typing', { to: ben._id, isTyping });
    await eventually(() => atBen.every((events) => events.length >= 3), 'the notices on both of Ben’s replicas');
    const notices = [true, false, true].map((isTyping) => ({ from: ann._id, isTyping }));
    expect(atBen).toEqual([notices, notices]);
  });

  it('tells the sender on another replica that a message was delivered and read, once each, on every tab', async () => {
    const ann = await signUp('Ann Receipts');
    const ben = await signUp('Ben Receipts');
    const annTabs = [await ann.socket('gateway-1'), await ann.socket('gateway-2')];
    const benSocket = await ben.socket('gateway-2');
    benSocket.on('newMessage', (_message: unknown, received?: () => void) => received?.());
    const delivered = annTabs.map((tab) => collectEvents<{ upTo: string }>(tab, 'messagesDelivered'));
    const read = annTabs.map((tab) => collectEvents<{ upTo: string }>(tab, 'messagesRead'));
    const benRead = collectEvents<{ upTo: string }>(benSocket, 'messagesRead');
    const annMessages = annTabs.map((tab) => collectEvents<{ text: string }>(tab, 'newMessage'));
    const message = await ann.send(ben, 'did it arrive?');
    await eventually(() => delivered.every((events) => events.length > 0), 'the delivered receipt on both of Ann’s replicas');
    const response = await ben.client.post(`/api/messages/read/${ann._id}`, { upTo: message._id });
    expect(response.status).toBe(204);
    await eventually(() => read.every((events) => events.length > 0) && benRead.length > 0, 'the read receipt on Ann’s tabs and Ben’s');
    // Published after the receipts on Ann's subject: once it is in, a second copy of either would be too.
    await ben.send(ann, 'yes');
    await eventually(() => annMessages.every((events) => events.some((m) => m.text === 'yes')), 'Ben’s reply on both of Ann’s tabs');
    const once = [{ userId: ben._id, senderId: ann._id, upTo: message._id, at: expect.any(String) }];
    expect(delivered).toEqual([once, once]);
    expect(read).toEqual([once, once]);
    expect(benRead).toEqual(once);
  });

  it('tells both people on every tab and replica of a reaction, an edit and a deletion, once each', async () => {
    const ann = await signUp('Ann Changes');
    const ben = await signUp('Ben Changes');
    const tabs = [await ann.socket('gateway-1'), await ann.socket('gateway-2'), await ben.socket('gateway-2')];
    type Update = { _id: string; text: string | null; editedAt: string | null; deletedAt: string | null; reactions: { emoji: string }[] };
    const updates = tabs.map((tab) => collectEvents<Update>(tab, 'messageUpdated'));
    const message = await ann.send(ben, 'see you at 5');
    expect((await ben.client.post(`/api/messages/react/${message._id}`, { emoji: '👍' })).status).toBe(200);
    expect((await ann.client.post(`/api/messages/edit/${message._id}`, { text: 'see you at 6' })).status).toBe(200);
    expect((await ann.client.post(`/api/messages/delete/${message._id}`)).status).toBe(200);
    await eventually(() => updates.every((events) => events.length >= 3), 'the reaction, the edit and the deletion on all three tabs');
    // Published after the changes on both subjects: once it is in, a second copy of either would be too.
    const annMessages = tabs.slice(0, 2).map((tab) => collectEvents<{ text: string }>(tab, 'newMessage'));
    const benMessages = collectEvents<{ text: string }>(tabs[2]!, 'newMessage');
    await ben.send(ann, 'ok');
    await ann.send(ben, 'ok too');
    await eventually(
      () => annMessages.every((events) => events.some((m) => m.text === 'ok')) && benMessages.some((m) => m.text === 'ok too'),
      'a later message on every tab',
    );
    for (const events of updates) {
      expect(
        events.map(({ _id, text, editedAt, deletedAt, reactions }) => [
          _id,
          text,
          editedAt !== null,
          deletedAt !== null,
          reactions.map((r) => r.emoji),
        ]),
      ).toEqual([
        [message._id, 'see you at 5', false, false, ['👍']],
        [message._id, 'see you at 6', true, false, ['👍']],
        [message._id, null, true, true, []],
      ]);
    }
  });

  it('shows presence across replicas: the snapshot, the changes, and the online list', async () => {
    const ann = await signUp('Ann Presence');
    const ben = await signUp('Ben Presence');
    const annSocket = await ann.socket('gateway-1');
    const benSocket = await ben.socket('gateway-2');
    await eventually(() => benSocket.snapshots.length === 1, 'the snapshot');
    expect(benSocket.snapshots[0]).toEqual(expect.arrayContaining([ann._id, ben._id]));
    // The messages service hears presence too: "Show online only" lists whoever is online on any replica.
    const onlineAnn = async () =>
      ((await ben.client.get('/api/messages/users?online=true&q=ann presence')).body as { _id: string }[]).length;
    await eventually(async () => (await onlineAnn()) === 1, 'Ann in the online list');
    const changes = collectEvents<OnlineUsersChanged>(benSocket, 'onlineUsersChanged');
    annSocket.disconnect();
    await eventually(() => changes.some((c) => c.offline.includes(ann._id)), 'Ann offline on the other replica');
    await eventually(async () => (await onlineAnn()) === 0, 'Ann out of the online list');
  });

  it('shows a new signup in an existing user’s contacts, and online once connected', async () => {
    const ben = await signUp('Ben Contacts');
    const benSocket = await ben.socket('gateway-2');
    const changes = collectEvents<OnlineUsersChanged>(benSocket, 'onlineUsersChanged');
    const newcomer = await signUp('Newcomer Cluster', { known: false });
    await ben.client.waitForContact(newcomer._id);
    const contacts = (await ben.client.get('/api/messages/users')).body as { _id: string }[];
    expect(contacts.map((c) => c._id)).toContain(newcomer._id);
    await newcomer.socket('gateway-1');
    await eventually(() => changes.some((c) => c.online.includes(newcomer._id)), 'the newcomer online');
  });

  it('hides a blocked pair from each other on every replica, refuses the blocked one’s messages, and forgets a deleted account', async () => {
    const ann = await signUp('Ann Blocker');
    const ben = await signUp('Ben Blocked');
    const annSocket = await ann.socket('gateway-1');
    const benSocket = await ben.socket('gateway-2');
    const benSees = collectEvents<OnlineUsersChanged>(benSocket, 'onlineUsersChanged');
    const annSees = collectEvents<OnlineUsersChanged>(annSocket, 'onlineUsersChanged');
    const annBlocks = collectEvents<{ userId: string; blocked: boolean }>(annSocket, 'blockChanged');
    await ben.send(ann, 'before the block');

    expect((await ann.client.post(`/api/messages/block/${ben._id}`)).status).toBe(204);
    await eventually(() => annSees.some((change) => change.hidden?.includes(ben._id)), 'Ben, on the other replica, hidden from Ann');
    await eventually(() => annBlocks.length === 1, 'Ann’s tab told of her block');
    const refused = await ben.post(ann, 'after the block');
    expect(refused.status).toBe(403);
    const benAgain = await ben.socket('gateway-1');
    await eventually(() => benAgain.snapshots.length === 1, 'the snapshot on Ann’s replica');
    expect(benAgain.snapshots[0]).toContain(ben._id);
    expect(benAgain.snapshots[0]).not.toContain(ann._id);
    // Ben is told nothing that says a block: Ann went offline to him as anyone does.
    await eventually(() => benSees.some((change) => change.offline.includes(ann._id)), 'Ann offline to Ben');
    expect(benSees.filter((change) => change.hidden?.includes(ann._id))).toEqual([]);

    const annGone = nextEvent(annSocket, 'disconnect');
    expect((await ann.client.post('/api/auth/delete-account', { password: 'secret123' })).status).toBe(200);
    expect(await annGone).toBe('io server disconnect');
    await eventually(async () => {
      const entries = (await ben.client.get('/api/messages/users')).body as { _id: string; fullName: string; accountDeleted?: boolean }[];
      return entries.some((entry) => entry._id === ann._id && entry.fullName === 'Deleted user' && entry.accountDeleted === true);
    }, 'Ben’s conversation with Ann shown as with “Deleted user”');
    expect(await ben.history(ann)).toEqual(['before the block']);
  });

  it('ends a logged-out session on every gateway replica and every service; logout-all ends the other devices', async () => {
    const ann = await signUp('Ann Sessions');
    const laptopCookie = ann.client.cookie;
    const phone = new ApiClient(cluster.baseUrl);
    expect((await phone.post('/api/auth/login', { email: ann.email, password: 'secret123' })).status).toBe(200);
    const [laptopOnOne, laptopOnTwo] = [await ann.socket('gateway-1'), await ann.socket('gateway-2')];
    const phoneSocket = await connected(openSocket(cluster.serviceUrl('gateway-1'), { cookie: phone.cookie, userId: ann._id }));
    const laptopEnded = Promise.all([nextEvent(laptopOnOne, 'disconnect'), nextEvent(laptopOnTwo, 'disconnect')]);

    expect((await ann.client.post('/api/auth/logout')).status).toBe(200);
    expect(await laptopEnded).toEqual(['io server disconnect', 'io server disconnect']);
    const replay = new ApiClient(cluster.baseUrl);
    replay.cookie = laptopCookie;
    for (const path of ['/api/auth/check', '/api/messages/users']) expect((await replay.get(path)).status, path).toBe(401);
    expect(phoneSocket.connected).toBe(true);
    expect((await phone.get('/api/messages/users')).status).toBe(200);

    const phoneEnded = nextEvent(phoneSocket, 'disconnect');
    const laptop = new ApiClient(cluster.baseUrl);
    await laptop.post('/api/auth/login', { email: ann.email, password: 'secret123' });
    expect((await laptop.post('/api/auth/logout-all')).status).toBe(200);
    expect(await phoneEnded).toBe('io server disconnect');
    expect((await phone.get('/api/messages/users')).status).toBe(401);
    await expect(connected(openSocket(cluster.serviceUrl('gateway-2'), { cookie: phone.cookie, userId: ann._id }))).rejects.toThrow(
      'Not authenticated',
    );
  });

  it('moves a user to the other gateway when theirs is killed, and loses no message', async () => {
    const ann = await signUp('Ann Failover');
    const ben = await signUp('Ben Failover');
    const annSocket = await ann.socket('edge', true);
    await ann.send(ben, 'before the crash');

    // nginx picked Ann's replica. Kill gateway-1: either her socket drops, or a message still
    // reaches it live, and then she is on gateway-2, which is killed instead.
    const dropped = nextEvent(annSocket, 'disconnect', 45_000);
    const reconnected = nextEvent(annSocket, 'connect', 45_000);
    let killed: ClusterService = 'gateway-1';
    await cluster.stop(killed, 'SIGKILL');
    const probe = nextEvent<{ text: string }>(annSocket, 'newMessage', 45_000);
    await ben.send(ann, 'are you still there?');
    const stillConnected = await Promise.race([dropped.then(() => false), probe.then(() => true)]);
    if (stillConnected) {
      await cluster.start('gateway-1');
      killed = 'gateway-2';
      await cluster.stop(killed, 'SIGKILL');
      await dropped;
    }
    try {
      const sentMeanwhile = [await ben.send(ann, 'while you moved 1'), await ben.send(ann, 'while you moved 2')];

      await reconnected;
      // What was sent while she moved may still come live, if she was back in time; what is sent after must.
      const arrived = collectEvents<{ text: string }>(annSocket, 'newMessage');
      await ben.send(ann, 'after the move');
      await eventually(() => arrived.some((message) => message.text === 'after the move'), 'the message sent after the move, live');
      const history = await ann.history(ben);
      expect(history).toEqual(['before the crash', 'are you still there?', ...sentMeanwhile.map((m) => m.text), 'after the move']);
    } finally {
      // The next tests count on both replicas.
      await cluster.start(killed);
    }
  }, 90_000);

  it('takes the users of a crashed replica offline within 30 s, and only those', async () => {
    const watcher = await signUp('Watcher Crash');
    const victim = await signUp('Victim Crash');
    const twoTabs = await signUp('Two Tabs Crash');
    const mover = await signUp('Mover Crash');
    const watcherSocket = await watcher.socket('gateway-1');
    const changes = collectEvents<OnlineUsersChanged>(watcherSocket, 'onlineUsersChanged');
    await victim.socket('gateway-2');
    await twoTabs.socket('gateway-1');
    await twoTabs.socket('gateway-2');
    await mover.socket('gateway-2');
    await eventually(() => changes.some((c) => c.online.includes(mover._id)), 'everyone online');

    const crashedAt = Date.now();
    await cluster.stop('gateway-2', 'SIGKILL');
    // What the client does through the edge: reconnect, and land on the replica that is alive.
    await mover.socket('gateway-1');
    await eventually(() => changes.some((c) => c.offline.includes(victim._id)), 'the victim offline', 30_000);
    expect(Date.now() - crashedAt).toBeLessThanOrEqual(30_000);
    // A later change: any wrong offline from the crashed replica's clean-up is pushed before it.
    const late = await signUp('Late Crash');
    const fresh = await late.socket('gateway-1');
    await eventually(() => changes.some((c) => c.online.includes(late._id)), 'a later user online');
    const wronglyOffline = changes.flatMap((c) => c.offline).filter((id) => id === twoTabs._id || id === mover._id);
    expect(wronglyOffline).toEqual([]);
    await eventually(() => fresh.snapshots.length === 1, 'a snapshot');
    expect(fresh.snapshots[0]).toEqual(expect.arrayContaining([twoTabs._id, mover._id, watcher._id]));
    expect(fresh.snapshots[0]).not.toContain(victim._id);
    await cluster.start('gateway-2');
  }, 60_000);
});

describe('the edge', () => {
  it.each(['/', '/login', '/api/auth/check'])('answers %s with the security headers', async (path) => {
    const response = await fetch(cluster.baseUrl + path);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('server')).toBe('nginx');
  });
});

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
    const ended = nextEvent<CallEnded>(annTab, 'callEnded', CALL_GRACE_SECONDS * 1000 + 15_000);
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
