import type { Message } from '@chat/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { conversation, polled, sharedBrowser, signedInPage } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded } from './targets.js';

const browser = sharedBrowser();

// The web app's ticks and settings; cluster.test.ts carries receipts across gateway replicas to every tab.
describeOnEmbedded((run) => {
  const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });
  /** The status under my message with this text: Sending, Sent, Delivered or Read. */
  const statusOf = (page: Page, text: string) =>
    conversation(page)
      .getByTestId('chat-message')
      .filter({ hasText: text })
      .locator('[data-status]')
      .getAttribute('data-status', { timeout: 1000 });
  const header = (page: Page, name: string) => page.locator('h3', { hasText: name }).locator('..');

  describe('receipts and last seen', () => {
    it('ticks my message sent, then delivered when Bob’s app has it, then read when he opens it; a reload keeps it; then says when he was last seen', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Ticks');
      const sender = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
      await sender.goto('/');
      await row(sender, 'Bob Ticks').click();
      await sender.getByPlaceholder('Type a message...').fill('Are you there?');
      await sender.getByRole('button', { name: 'Send', exact: true }).click();
      await polled(() => statusOf(sender, 'Are you there?'), 'one tick: stored, Bob offline').toBe('sent');
      await run.shot(sender, 'receipts-sent');

      const reader = (await signedInPage(browser(), run.baseUrl, bob.cookie)).page;
      await reader.goto('/');
      await polled(() => statusOf(sender, 'Are you there?'), 'two ticks: on Bob’s screen in his inbox').toBe('delivered');
      await run.shot(sender, 'receipts-delivered');

      await row(reader, 'Alice Ticks').click();
      await polled(() => statusOf(sender, 'Are you there?'), 'read: Bob opened the conversation').toBe('read');
      await run.shot(sender, 'receipts-read');
      // Live, while Bob is in the conversation: straight to read.
      await sender.getByPlaceholder('Type a message...').fill('Great, see you soon');
      await sender.getByRole('button', { name: 'Send', exact: true }).click();
      await polled(() => conversation(reader).getByText('Great, see you soon').count(), 'the message at Bob').toBe(1);
      await polled(() => statusOf(sender, 'Great, see you soon'), 'read at once').toBe('read');

      await sender.reload();
      await polled(() => row(sender, 'Bob Ticks').getByRole('img', { name: 'Read' }).count(), 'the read ticks in Bob’s row').toBe(1);
      await row(sender, 'Bob Ticks').click();
      await polled(() => statusOf(sender, 'Are you there?'), 'read after a reload').toBe('read');

      await reader.context().close();
      await polled(() => header(sender, 'Bob Ticks').textContent(), 'Bob’s last seen once he left').toMatch(
        /Offline · last seen today at \d\d:\d\d [AP]M/,
      );
      await polled(() => row(sender, 'Bob Ticks').textContent(), 'the list saying the same').toMatch(/Bob Ticks.*Offline/);
      await run.shot(sender, 'receipts-last-seen');
    });

    it('sends no read receipts and shows no last seen once turned off in Settings, and sees none either', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Private');
      const reader = (await signedInPage(browser(), run.baseUrl, bob.cookie)).page;
      await reader.goto('/settings');
      await reader.getByLabel('Send read receipts').uncheck();
      await reader.getByLabel('Show last seen').uncheck();
      await polled(async () => (await bob.get('/api/auth/check')).body.settings, 'the settings on the server').toEqual({
        sendReadReceipts: false,
        showLastSeen: false,
        callsFrom: 'everyone',
      });
      await run.shot(reader, 'settings-privacy');

      await send(alice, bobUser._id, 'Read this privately');
      await reader.goto('/');
      await row(reader, 'Alice Private').click();
      await polled(() => conversation(reader).getByText('Read this privately').count(), 'the message at Bob').toBe(1);
      // Bob's reading is recorded for his badges, and Alice's message stays delivered, not read.
      await polled(async () => (await bob.get(`/api/messages/users?q=alice private`)).body[0].unreadCount, 'Bob’s read recorded').toBe(0);
      const [stored] = (await alice.get(`/api/messages/${bobUser._id}`)).body as Message[];
      expect(stored).toMatchObject({ deliveredAt: expect.any(String), readAt: null });

      const sender = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
      await sender.goto('/');
      await row(sender, 'Bob Private').click();
      await polled(() => statusOf(sender, 'Read this privately'), 'two grey ticks for Alice').toBe('delivered');
      await reader.context().close();
      await polled(() => header(sender, 'Bob Private').textContent(), 'Bob offline, without a last seen').toContain('Offline');
      // And Bob, who hides his, sees no one's.
      const entries = (await bob.get('/api/messages/users?q=alice private')).body as { _id: string; lastSeen: string | null }[];
      expect(entries.find((entry) => entry._id === aliceUser._id)?.lastSeen).toBeNull();
    });
  });
});
