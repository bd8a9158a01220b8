import { describe, expect, it } from 'vitest';
import { ApiClient } from '#test-support';
import { conversation, polled, sharedBrowser, signedInPage } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEveryTarget } from './targets.js';

const browser = sharedBrowser();

describeOnEveryTarget((run) => {
  const twoUsers = (surname: string) => twoPeople(run.baseUrl, surname);

  describe('a conversation with a history', () => {
    it('shows the latest page first and loads older messages when scrolled to the top', async () => {
      const { alice, aliceUser, bob, bobUser, send } = await twoUsers('Paging');
      for (let i = 1; i <= 70; i++) await send(i % 2 ? bob : alice, i % 2 ? aliceUser._id : bobUser._id, `Message ${i}`);

      const { page, outside } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Bob Paging/ }).click();
      await polled(() => conversation(page).getByText('Message 70', { exact: true }).count(), 'the latest message').toBe(1);
      expect(await conversation(page).getByText('Message 20', { exact: true }).count()).toBe(0);

      await page.getByTestId('message-list').evaluate((list) => list.scrollTo({ top: 0 }));
      await polled(() => conversation(page).getByText('Message 1', { exact: true }).count(), 'the oldest message after scrolling up').toBe(1);
      await polled(() => page.getByTestId('message-list').getByTestId('chat-message').count(), 'all 70 messages').toBe(70);
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
      const reconnecting = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
      await polled(() => reconnecting.count(), 'the “Reconnecting…” banner').toBe(1);
      await run.shot(page, 'chat-reconnecting');
      await send(bob, aliceUser._id, 'Sent while you were away');
      await send(alice, bobUser._id, 'Sent from another tab');
      await page.context().setOffline(false);
      await polled(() => conversation(page).getByText('Sent while you were away').count(), 'what Bob sent while Alice was away').toBe(1);
      await polled(() => conversation(page).getByText('Sent from another tab').count(), 'what Alice sent from another tab').toBe(1);
      await polled(() => reconnecting.count(), 'the banner gone once reconnected').toBe(0);

      await send(bob, aliceUser._id, 'Live after reconnect');
      await polled(() => conversation(page).getByText('Live after reconnect').count(), 'a live message after the reconnect').toBe(1);
      await send(carol, aliceUser._id, 'Hi from Carol');
      await send(carol, aliceUser._id, 'Are you there?');
      await polled(() => page.getByLabel('2 unread').count(), 'Carol’s 2 unread messages').toBe(1);
      expect(await conversation(page).getByText('Hi from Carol').count()).toBe(0);
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dracula');
      await run.shot(page, 'chat-dracula-unread');

      await page.getByRole('button', { name: /Carol Reconnect/ }).click();
      await polled(() => conversation(page).getByText('Are you there?').count(), 'Carol’s conversation').toBe(1);
      await polled(() => page.getByLabel(/unread/).count(), 'the unread badge cleared').toBe(0);
    });
  });
});
