import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, polled, sharedBrowser, signedInPage } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded, describeOnEveryTarget } from './targets.js';

const browser = sharedBrowser();

/** Keeps every RTCPeerConnection the page makes, so a test can read its statistics (the app's own stay private). */
const KEEP_CONNECTIONS = () => {
  const connections: RTCPeerConnection[] = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      connections.push(this);
    }
  };
  (window as unknown as { connections: RTCPeerConnection[] }).connections = connections;
};

/** Bytes sent and received so far by the page's latest call, by kind of media. */
const bytes = (page: Page) =>
  page.evaluate(async () => {
    const connection = (window as unknown as { connections: RTCPeerConnection[] }).connections.at(-1);
    const totals = { audioSent: 0, audioReceived: 0, videoSent: 0, videoReceived: 0 };
    if (!connection) return totals;
    (await connection.getStats()).forEach((report: { type: string; kind?: string; bytesSent?: number; bytesReceived?: number }) => {
      if (report.type === 'outbound-rtp' && report.kind === 'audio') totals.audioSent += report.bytesSent ?? 0;
      if (report.type === 'outbound-rtp' && report.kind === 'video') totals.videoSent += report.bytesSent ?? 0;
      if (report.type === 'inbound-rtp' && report.kind === 'audio') totals.audioReceived += report.bytesReceived ?? 0;
      if (report.type === 'inbound-rtp' && report.kind === 'video') totals.videoReceived += report.bytesReceived ?? 0;
    });
    return totals;
  });

/** The kinds of ICE candidate of the page's call's pair in use, here and there ("host", "relay"…). */
const candidatePairInUse = (page: Page) =>
  page.evaluate(async () => {
    const connection = (window as unknown as { connections: RTCPeerConnection[] }).connections.at(-1)!;
    const reports = new Map<string, Record<string, unknown>>();
    (await connection.getStats()).forEach((report: Record<string, unknown>) => reports.set(report.id as string, report));
    const transport = [...reports.values()].find((report) => report.type === 'transport');
    const pair = reports.get(transport?.selectedCandidatePairId as string);
    return (
      pair && {
        local: reports.get(pair.localCandidateId as string)?.candidateType,
        remote: reports.get(pair.remoteCandidateId as string)?.candidateType,
      }
    );
  });

/** Keeps every WebSocket the page opens, so a test can drop the app's connection as a network would. */
const KEEP_SOCKETS = () => {
  const sockets: WebSocket[] = [];
  const Original = window.WebSocket;
  window.WebSocket = class extends Original {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
    }
  };
  (window as unknown as { sockets: WebSocket[] }).sockets = sockets;
};

/** The ICE username fragment of the page's call, which an ICE restart renews. */
const iceUfrag = (page: Page) =>
  page.evaluate(() => {
    const connection = (window as unknown as { connections: RTCPeerConnection[] }).connections.at(-1);
    return /a=ice-ufrag:(\S+)/.exec(connection?.localDescription?.sdp ?? '')?.[1] ?? null;
  });

type Totals = Awaited<ReturnType<typeof bytes>>;

/** Waits until the page's `stopped` count no longer grows while its `flowing` one still does (time went by, media flowed). */
async function stopsSending(page: Page, stopped: keyof Totals, flowing: keyof Totals, description: string) {
  let last = await bytes(page);
  await polled(async () => {
    const now = await bytes(page);
    const still = now[stopped] === last[stopped] && now[flowing] > last[flowing];
    last = now;
    return still;
  }, description).toBe(true);
}

/** Whether every kind of media has flowed both ways since `before` (the counts only grow). */
const flowingSince = async (page: Page, before: Totals, kinds: ('audio' | 'video')[]) => {
  const now = await bytes(page);
  return kinds.every((kind) => now[`${kind}Sent`] > before[`${kind}Sent`] && now[`${kind}Received`] > before[`${kind}Received`]);
};

describeOnEveryTarget((run) => {
  describe('calls in the browser', () => {
    it('a video call rings on every tab of the person called, is answered on one, carries sound and picture both ways, mutes, takes another camera, turns it off, and leaves its line', async () => {
      const { alice, bob, aliceUser, bobUser } = await twoPeople(run.baseUrl, `Caller ${run.mode}`);
      const caller = await signedInPage(browser(), run.baseUrl, alice.cookie);
      const phone = await signedInPage(browser(), run.baseUrl, bob.cookie, PHONE);
      const desk = await signedInPage(browser(), run.baseUrl, bob.cookie);
      for (const { page } of [caller, phone, desk]) await page.addInitScript(KEEP_CONNECTIONS);
      await caller.page.goto(`/chat/${bobUser._id}`);
      for (const { page } of [phone, desk]) {
        await page.goto('/');
        // Alice online in Bob's list: that tab's socket is connected, and so rings.
        await polled(
          () => page.getByRole('button', { name: new RegExp(`Alice Caller ${run.mode}`) }).textContent(),
          'Alice online at Bob',
        ).toContain('Online');
      }

      await caller.page.getByRole('button', { name: 'Video call' }).click();
      for (const { page } of [phone, desk])
        await polled(() => page.getByTestId('incoming-call').textContent(), 'Bob’s tab rings').toContain('Incoming video call');
      expect(await phone.page.getByTestId('incoming-call').textContent()).toContain(`Alice Caller ${run.mode}`);
      await polled(() => caller.page.getByTestId('call-status').textContent(), 'Alice calling').toBe('Calling…');
      await run.shot(phone.page, 'call-incoming-phone');
      await run.shot(desk.page, 'call-incoming-desktop');

      await phone.page.getByRole('button', { name: 'Accept', exact: true }).click();
      await polled(() => desk.page.getByText('Answered on another device').count(), 'the other tab told').toBe(1);
      expect(await desk.page.getByTestId('incoming-call').count()).toBe(0);
      for (const { page } of [caller, phone])
        await polled(() => page.getByTestId('call-timer').count(), 'the call under way, timed').toBe(1);
      const start = { alice: await bytes(caller.page), bob: await bytes(phone.page) };
      await polled(() => flowingSince(caller.page, start.alice, ['audio', 'video']), 'sound and picture both ways at Alice').toBe(true);
      await polled(() => flowingSince(phone.page, start.bob, ['audio', 'video']), 'sound and picture both ways at Bob').toBe(true);
      // The cluster relays every call through its coturn (TURN_RELAY_ONLY); embedded mode connects the two tabs directly.
      const pairKind = run.mode === 'cluster' ? 'relay' : 'host';
      expect(await candidatePairInUse(caller.page)).toEqual({ local: pairKind, remote: pairKind });
      await run.shot(phone.page, 'call-video-phone');
      await run.shot(caller.page, 'call-video-desktop');

      // Muted, nothing of Alice's microphone leaves: her audio stops growing while her picture still flows.
      await caller.page.getByRole('button', { name: 'Mute' }).click();
      await stopsSending(caller.page, 'audioSent', 'videoSent', 'Alice’s sound stopped, her picture flowing');

      // Another camera chosen mid-call (the fake device again, taken anew): Bob keeps seeing Alice.
      await caller.page.getByRole('button', { name: 'Devices' }).click();
      const cameras = caller.page.getByLabel('Camera', { exact: true });
      await polled(() => cameras.locator('option:not([disabled])').count(), 'the cameras listed').toBeGreaterThan(0);
      await cameras.selectOption({ index: 1 });
      await polled(() => cameras.inputValue(), 'the camera chosen').not.toBe('');
      const atBob = await bytes(phone.page);
      await polled(async () => (await bytes(phone.page)).videoReceived > atBob.videoReceived, 'Alice’s picture still reaching Bob').toBe(
        true,
      );

      // Camera off, the call goes on as a voice call: Bob sees Alice's picture, and no video leaves her.
      await caller.page.getByRole('button', { name: 'Camera off' }).click();
      await polled(() => phone.page.getByTestId('call-screen').locator('video').count(), 'only Bob’s own video left at Bob').toBe(1);
      await stopsSending(caller.page, 'videoSent', 'videoReceived', 'Alice’s picture stopped, Bob’s still reaching her');

      await caller.page.getByRole('button', { name: 'Hang up' }).click();
      for (const { page } of [caller, phone]) await polled(() => page.getByTestId('call-screen').count(), 'the call screen gone').toBe(0);
      await polled(() => phone.page.getByText('Call ended').count(), 'Bob told it ended').toBeGreaterThan(0);
      await polled(() => caller.page.getByTestId('call-line').textContent(), 'the call’s line at Alice').toMatch(/Video call, 0:\d\d/);
      await phone.page.getByRole('button', { name: new RegExp(`Alice Caller ${run.mode}`) }).click();
      await polled(() => phone.page.getByTestId('call-line').textContent(), 'the call’s line at Bob').toMatch(/Video call, 0:\d\d/);
      expect(aliceUser._id).not.toBe(bobUser._id);
      for (const user of [caller, phone, desk]) await user.page.context().close();
    });
  });
});

// What the web app alone decides (the words, the line, the settings), on one deployment: the
// cluster's ringing, relaying and signalling are proven above and in cluster.test.ts ("calls on the local cluster").
describeOnEmbedded((run) => {
  describe('calls in the browser: declined, called back, refused', () => {
    it('a voice call rings on a tab opened during the ring too; declined, it ends for the caller with "Declined", and leaves the line with "Call back"; called back and given up, it is a missed call', async () => {
      const { alice, bob, aliceUser, bobUser } = await twoPeople(run.baseUrl, `Decliner ${run.mode}`);
      const caller = await signedInPage(browser(), run.baseUrl, alice.cookie);
      const callee = await signedInPage(browser(), run.baseUrl, bob.cookie);
      await caller.page.goto(`/chat/${bobUser._id}`);
      await callee.page.goto(`/chat/${aliceUser._id}`);
      await polled(() => callee.page.getByTestId('chat-status').textContent(), 'Alice online at Bob').toBe('Online');
      await caller.page.getByRole('button', { name: 'Voice call' }).click();
      await polled(() => callee.page.getByTestId('incoming-call').textContent(), 'Bob’s tab rings').toContain('Incoming voice call');
      // A tab Bob opens while it rings rings too (it asks as its socket connects), and stops with the others.
      const late = await signedInPage(browser(), run.baseUrl, bob.cookie);
      await late.page.goto('/');
      await polled(() => late.page.getByTestId('incoming-call').textContent(), 'the tab opened late rings').toContain(
        'Incoming voice call',
      );
      await callee.page.getByRole('button', { name: 'Decline', exact: true }).click();
      await polled(() => late.page.getByTestId('incoming-call').count(), 'the late tab stops ringing').toBe(0);
      await late.page.context().close();
      await polled(() => caller.page.getByText('Declined', { exact: true }).count(), 'Alice told it was declined').toBe(1);
      expect(await caller.page.getByTestId('call-screen').count()).toBe(0);
      await polled(() => callee.page.getByTestId('call-line').textContent(), 'the line at Bob').toContain('Declined voice call');
      await polled(() => caller.page.getByTestId('call-line').textContent(), 'the line at Alice').toContain('Voice call, declined');
      await run.shot(caller.page, 'call-line');
      // "Call back" places the same kind of call again.
      await callee.page.getByRole('button', { name: 'Call back' }).click();
      await polled(() => caller.page.getByTestId('incoming-call').textContent(), 'Alice’s tab rings').toContain('Incoming voice call');
      await callee.page.getByRole('button', { name: 'Hang up' }).click();
      await polled(() => caller.page.getByTestId('incoming-call').count(), 'Alice’s tab stops ringing').toBe(0);
      // Given up while it rang: a missed call for Alice, its line in her conversation.
      await polled(() => caller.page.getByTestId('call-line').last().textContent(), 'the missed call’s line at Alice').toContain(
        'Missed voice call',
      );
      for (const user of [caller, callee]) await user.page.context().close();
    });

    it('a call survives the caller’s connection dropping: the tab takes its side up again, the two look for a new path over the new socket, and sound keeps flowing', async () => {
      const { alice, bob, aliceUser, bobUser } = await twoPeople(run.baseUrl, `Dropper ${run.mode}`);
      const caller = await signedInPage(browser(), run.baseUrl, alice.cookie);
      const callee = await signedInPage(browser(), run.baseUrl, bob.cookie);
      for (const { page } of [caller, callee]) await page.addInitScript(KEEP_CONNECTIONS);
      await caller.page.addInitScript(KEEP_SOCKETS);
      await caller.page.goto(`/chat/${bobUser._id}`);
      await callee.page.goto(`/chat/${aliceUser._id}`);
      await polled(() => callee.page.getByTestId('chat-status').textContent(), 'Alice online at Bob').toBe('Online');
      await caller.page.getByRole('button', { name: 'Voice call' }).click();
      await polled(() => callee.page.getByTestId('incoming-call').count(), 'Bob’s tab rings').toBe(1);
      await callee.page.getByRole('button', { name: 'Accept', exact: true }).click();
      for (const { page } of [caller, callee]) await polled(() => page.getByTestId('call-timer').count(), 'the call under way').toBe(1);
      const ufrags = { alice: await iceUfrag(caller.page), bob: await iceUfrag(callee.page) };

      // The network drops Alice's connection (the server sees her socket go); Socket.IO opens another.
      const opened = await caller.page.evaluate(() => (window as unknown as { sockets: WebSocket[] }).sockets.length);
      await caller.page.evaluate(() => (window as unknown as { sockets: WebSocket[] }).sockets.forEach((socket) => socket.close()));
      await polled(
        () => caller.page.evaluate(() => (window as unknown as { sockets: WebSocket[] }).sockets.length),
        'Alice’s tab connected anew',
      ).toBeGreaterThan(opened);
      // Its side taken up from the new socket, Alice restarts ICE: the offer and answer cross over it.
      // Compared as text: a ufrag holds '+' and '/', which a pattern built from it would read as operators.
      const onNewSession = async (page: Page, before: string | null) => {
        const now = await iceUfrag(page);
        return now !== null && now !== before;
      };
      await polled(
        async () => [await onNewSession(caller.page, ufrags.alice), await onNewSession(callee.page, ufrags.bob)],
        'both sides on a new ICE session',
      ).toEqual([true, true]);
      const after = { alice: await bytes(caller.page), bob: await bytes(callee.page) };
      await polled(() => flowingSince(caller.page, after.alice, ['audio']), 'sound both ways at Alice after the drop').toBe(true);
      await polled(() => flowingSince(callee.page, after.bob, ['audio']), 'sound both ways at Bob after the drop').toBe(true);
      for (const { page } of [caller, callee]) expect(await page.getByTestId('call-timer').count()).toBe(1);

      // The server holds Alice's side on her new socket: hanging up there ends the call for Bob.
      await caller.page.getByRole('button', { name: 'Hang up' }).click();
      await polled(() => callee.page.getByTestId('call-screen').count(), 'the call ended at Bob').toBe(0);
      await polled(() => callee.page.getByTestId('call-line').textContent(), 'the call’s line at Bob').toMatch(/Voice call, 0:\d\d/);
      for (const user of [caller, callee]) await user.page.context().close();
    });

    it('keeps "Settings → Calls": nobody may call someone who chose so, and the caller is told', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, `Unreachable ${run.mode}`);
      const callee = await signedInPage(browser(), run.baseUrl, bob.cookie);
      await callee.page.goto('/settings');
      await callee.page.getByRole('radiogroup', { name: 'Calls' }).getByLabel('Nobody').check();
      await polled(async () => (await bob.get('/api/auth/check')).body.settings.callsFrom, 'the choice on the server').toBe('nobody');
      await run.shot(callee.page, 'settings-calls');
      const caller = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await caller.page.goto(`/chat/${bobUser._id}`);
      await polled(() => caller.page.getByTestId('chat-status').count(), 'the conversation open').toBe(1);
      // The messages service hears of the choice from auth's event: until then the call may still ring
      // (on Bob's tab, and Alice then gives up).
      const refused = caller.page.getByText('This person does not take calls from you');
      const ringsAtBob = callee.page.getByTestId('incoming-call');
      await polled(async () => {
        await caller.page.getByRole('button', { name: 'Voice call' }).click();
        await polled(async () => (await refused.count()) + (await ringsAtBob.count()), 'refused, or ringing at Bob').toBeGreaterThan(0);
        if ((await refused.count()) > 0) return true;
        await caller.page.getByRole('button', { name: 'Hang up' }).click();
        await polled(() => ringsAtBob.count(), 'the call given up').toBe(0);
        return false;
      }, 'Alice told Bob takes no calls').toBe(true);
      expect(await caller.page.getByTestId('call-screen').count()).toBe(0);
      for (const user of [caller, callee]) await user.page.context().close();
    });
  });
});
