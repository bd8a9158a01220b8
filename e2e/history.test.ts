import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Message } from '@chat/contracts';
import { ApiClient, pngBytes } from '#test-support';
import { announcement, announcements, conversation, polled, sharedBrowser, signedInPage } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded } from './targets.js';

const browser = sharedBrowser();

/** How many of my unsent messages the page has kept in IndexedDB, where the app's outbox keeps them across a reload. */
const keptInOutbox = (page: Page, userId: string) =>
  page.evaluate(
    (key) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('chat-io');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction('outbox').objectStore('outbox').get(key);
          reading.onerror = () => reject(new Error(String(reading.error)));
          reading.onsuccess = () => {
            resolve(Array.isArray(reading.result) ? reading.result.length : 0);
            database.close();
          };
        };
      }),
    `outbox:${userId}`,
  );

// The web app's paging, catch-up and outbox; cluster.test.ts moves users off a killed gateway and loses no message.
describeOnEmbedded((run) => {
  const twoUsers = (surname: string) => twoPeople(run.baseUrl, surname);

  describe('a conversation with a history', () => {
    // The web app's paging once; the API pages the same on PGlite and Postgres (services tests).
    it('shows the latest page first and loads older messages when scrolled to the top', async () => {
      const { alice, aliceUser, bob, bobUser, send } = await twoUsers('Paging');
      for (let i = 1; i <= 70; i++) await send(i % 2 ? bob : alice, i % 2 ? aliceUser._id : bobUser._id, `Message ${i}`);

      const { page, outside } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Bob Paging/ }).click();
      await polled(() => conversation(page).getByText('Message 70', { exact: true }).count(), 'the latest message').toBe(1);
      expect(await conversation(page).getByText('Message 20', { exact: true }).count()).toBe(0);

      await page.getByTestId('message-list').evaluate((list) => list.scrollTo({ top: 0 }));
      await polled(() => conversation(page).getByText('Message 1', { exact: true }).count(), 'the oldest message after scrolling up').toBe(
        1,
      );
      await polled(() => page.getByTestId('message-list').getByTestId('chat-message').count(), 'all 70 messages').toBe(70);
      // One day: one heading, over its first message now that the older pages are in; Bob's 35
      // messages unread when Alice opened it, the mark over the first of them.
      const listStart = () =>
        conversation(page).evaluate((list) =>
          Array.from(list.querySelectorAll('[data-testid$="divider"], [data-testid="chat-message"] p'))
            .slice(0, 3)
            .map((element) => element.textContent),
        );
      await polled(listStart, 'the start of the list').toEqual(['Today', '35 unread messages', 'Message 1']);
      expect(await conversation(page).getByTestId('day-divider').count()).toBe(1);
      await run.shot(page, 'history-oldest-page');

      const toLatest = page.getByRole('button', { name: 'Scroll to the latest message' });
      await toLatest.click();
      await polled(() => conversation(page).getByText('Message 70', { exact: true }).isVisible(), 'the latest message in view again').toBe(
        true,
      );
      await polled(
        () => page.getByTestId('message-list').evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight),
        'the list at its end',
      ).toBeLessThan(48);
      await polled(() => toLatest.count(), 'the button gone at the latest message').toBe(0);
      expect(outside).toEqual([]);
    });

    it('after a dropped connection, shows what arrived meanwhile and counts unread messages (dark theme)', async () => {
      const { alice, aliceUser, bob, bobUser, send } = await twoUsers('Reconnect');
      const carol = new ApiClient(run.baseUrl);
      const carolUser = await carol.signup('Carol Reconnect');
      await carol.waitForContact(aliceUser._id);
      await alice.waitForContact(carolUser._id);
      await send(bob, aliceUser._id, 'Before the drop');

      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.addInitScript(() => localStorage.setItem('chat-theme', 'dracula'));
      await page.goto('/');
      await page.getByRole('button', { name: /Bob Reconnect/ }).click();
      await polled(() => conversation(page).getByText('Before the drop').count(), 'the message sent before the drop').toBe(1);

      // Offline, the page cannot reconnect, so only the re-fetch after reconnecting can show this.
      await page.context().setOffline(true);
      await run.target.dropRealtimeConnections(aliceUser._id);
      const reconnecting = page.getByRole('banner').getByText('Reconnecting…');
      await polled(() => reconnecting.count(), 'the “Reconnecting…” banner').toBe(1);
      await polled(() => announcements(page).textContent(), 'the lost connection read out').toContain('Connection lost. Reconnecting…');
      await run.shot(page, 'chat-reconnecting');
      await send(bob, aliceUser._id, 'Sent while you were away');
      await send(alice, bobUser._id, 'Sent from another tab');
      await page.context().setOffline(false);
      await polled(() => conversation(page).getByText('Sent while you were away').count(), 'what Bob sent while Alice was away').toBe(1);
      await polled(() => conversation(page).getByText('Sent from another tab').count(), 'what Alice sent from another tab').toBe(1);
      await polled(() => reconnecting.count(), 'the banner gone once reconnected').toBe(0);
      await polled(() => announcements(page).textContent(), 'the connection’s return read out').toContain('Connected again');

      await send(bob, aliceUser._id, 'Live after reconnect');
      await polled(() => conversation(page).getByText('Live after reconnect').count(), 'a live message after the reconnect').toBe(1);
      await send(carol, aliceUser._id, 'Hi from Carol');
      await send(carol, aliceUser._id, 'Are you there?');
      await polled(() => page.getByText('2 unread', { exact: true }).count(), 'Carol’s 2 unread messages').toBe(1);
      expect(await conversation(page).getByText('Hi from Carol').count()).toBe(0);
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dracula');
      await run.shot(page, 'chat-dracula-unread');

      await page.getByRole('button', { name: /Carol Reconnect/ }).click();
      await polled(() => conversation(page).getByText('Are you there?').count(), 'Carol’s conversation').toBe(1);
      await polled(() => page.getByText(/^\d+ unread$/).count(), 'the unread badge cleared').toBe(0);
    });
  });

  // The outbox and the service worker are the web app's own: checked once, on the embedded server.
  describe('sending without a connection', () => {
    it('keeps what I send offline across a reload, and delivers it once, in order, when I am back online', async () => {
      const { alice, bob, aliceUser } = await twoPeople(run.baseUrl, 'Offline');
      const ann = await signedInPage(browser(), run.baseUrl, alice.cookie, { serviceWorkers: 'allow' });
      const ben = await signedInPage(browser(), run.baseUrl, bob.cookie);
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ben.page.getByRole('button', { name: /Alice Offline/ }).click();
      await ann.page.getByRole('button', { name: /Bob Offline/ }).click();
      // The app is kept on the device once its service worker runs the page.
      await polled(() => ann.page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker in charge').toBe(true);

      await ann.page.context().setOffline(true);
      const input = ann.page.getByPlaceholder('Type a message...');
      await input.fill('written on the train');
      await input.press('Enter');
      await ann.page.getByTestId('image-input').setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: await pngBytes(60, 40) });
      await polled(() => ann.page.getByAltText('Photo to send').count(), 'the image attached').toBe(1);
      await input.press('Enter');
      await input.fill('and a third');
      await input.press('Enter');
      const notes = Buffer.from('Seat 42, coach F\n');
      await ann.page.getByTestId('file-input').setInputFiles({ name: 'ticket.txt', mimeType: 'text/plain', buffer: notes });
      await polled(() => ann.page.getByTestId('file-to-send').count(), 'the file attached').toBe(1);
      await input.press('Enter');
      const pending = conversation(ann.page).locator('[data-status="sending"]');
      await polled(() => pending.count(), 'four messages with a clock').toBe(4);
      // Shown at once, kept on the device a moment later (IndexedDB writes the file too): a reload
      // before that moment is not what this test is about.
      await polled(() => keptInOutbox(ann.page, aliceUser._id), 'the four kept in the device’s outbox').toBe(4);
      await run.shot(ann.page, 'offline-pending');

      await ann.page.reload();
      await polled(() => ann.page.getByRole('button', { name: 'Logout' }).count(), 'the app open again, offline, still signed in').toBe(1);
      await ann.page.context().setOffline(false);
      await polled(
        () => conversation(ann.page).getByText('and a third').count(),
        'Bob’s conversation open again at its address once the server answers',
      ).toBe(1);

      const texts = async () => (await bob.get(`/api/messages/${aliceUser._id}`)).body as Message[];
      await polled(async () => (await texts()).length, 'the four messages stored').toBe(4);
      const stored = await texts();
      expect(stored.map((message) => [message.text, message.image !== null, message.file?.name ?? null])).toEqual([
        ['written on the train', false, null],
        [null, true, null],
        ['and a third', false, null],
        [null, false, 'ticket.txt'],
      ]);
      expect(Buffer.compare((await bob.get(stored[3]!.file!.url)).body as Buffer, notes), 'the file kept whole across the reload').toBe(0);
      await polled(() => conversation(ben.page).getByTestId('chat-message').count(), 'all four on Bob’s screen').toBe(4);
      expect(await conversation(ben.page).getByTestId('chat-message').allTextContents()).toEqual([
        expect.stringContaining('written on the train'),
        expect.not.stringContaining('and a third'),
        expect.stringContaining('and a third'),
        expect.stringContaining('ticket.txt'),
      ]);
      await ann.page.getByRole('button', { name: /Bob Offline/ }).click();
      await polled(() => conversation(ann.page).getByTestId('chat-message').count(), 'all four in my conversation').toBe(4);
      expect(await conversation(ann.page).locator('[data-status="sending"]').count(), 'no clock left').toBe(0);
      expect((await texts()).length, 'nothing sent twice').toBe(4);

      // A message the server refuses stays on screen as not sent, to retry or delete: Bob blocked Alice.
      expect((await bob.post(`/api/messages/block/${aliceUser._id}`)).status).toBe(204);
      await input.fill('refused once');
      await input.press('Enter');
      const refused = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'refused once' });
      await polled(() => refused.getByText('Not sent —').count(), 'the message shown as not sent').toBe(1);
      await polled(
        () => announcement(ann.page, 'This contact is not accepting your messages').count(),
        'the server’s reason in a toast',
      ).toBe(1);
      await run.shot(ann.page, 'not-sent');
      expect((await bob.post(`/api/messages/unblock/${aliceUser._id}`)).status).toBe(204);
      await refused.getByRole('button', { name: 'Retry' }).click();
      await polled(() => refused.locator('[data-status]').getAttribute('data-status'), 'the retried message stored').toMatch(
        /sent|delivered|read/,
      );
      await polled(async () => (await texts()).at(-1)?.text, 'the retried message on Bob’s side').toBe('refused once');
    });

    it('keeps a group’s draft and what I send to it offline, as a conversation’s, and delivers that once when I am back online', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Commute');
      const commuters = (await alice.post('/api/messages/groups', { name: 'Commuters', memberIds: [bobUser._id] })).body as { _id: string };
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto(`/chat/${commuters._id}`);
      const input = page.getByPlaceholder('Type a message...');
      await polled(() => conversation(page).getByTestId('system-line').count(), 'the group open').toBe(2);

      await page.context().setOffline(true);
      await input.fill('sent from the tunnel');
      await input.press('Enter');
      await polled(() => conversation(page).locator('[data-status="sending"]').count(), 'the message with a clock').toBe(1);
      await input.fill('half a thought');
      await page.getByRole('button', { name: /^Bob Commute/ }).click();
      await polled(
        () => page.getByTestId('group-row').filter({ hasText: 'Commuters' }).textContent(),
        'the draft in the group’s row',
      ).toContain('half a thought');
      await page.getByTestId('group-row').filter({ hasText: 'Commuters' }).click();
      await polled(() => input.inputValue(), 'the draft back in the box').toBe('half a thought');

      await page.context().setOffline(false);
      const history = async () =>
        ((await bob.get(`/api/messages/groups/${commuters._id}/messages`)).body as Message[]).flatMap((message) => message.text ?? []);
      await polled(history, 'the message stored in the group, once').toEqual(['sent from the tunnel']);
      await polled(() => conversation(page).locator('[data-status="sending"]').count(), 'no clock left').toBe(0);
      expect(await history(), 'nothing sent twice').toEqual(['sent from the tunnel']);
    });
  });
});
