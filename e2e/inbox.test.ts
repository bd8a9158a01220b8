import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '#test-support';
import { conversation, polled, sharedBrowser, signedInPage } from './browser.js';
import { describeOnEveryTarget } from './targets.js';

const browser = sharedBrowser();

describeOnEveryTarget((run) => {
  const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });

  describe('the sidebar as an inbox', () => {
    it('shows who wrote last and what, counts unread messages in the row and the title, and keeps them across a reload', async () => {
      const alice = new ApiClient(run.baseUrl);
      const bob = new ApiClient(run.baseUrl);
      const carol = new ApiClient(run.baseUrl);
      const aliceUser = await alice.signup('Alice Inbox');
      const bobUser = await bob.signup('Bob Inbox');
      await carol.signup('Carol Inbox');
      await bob.waitForContact(aliceUser._id);
      await alice.waitForContact(bobUser._id);
      const send = async (from: ApiClient, to: string, text: string) => expect((await from.post(`/api/messages/send/${to}`, { text })).status).toBe(201);

      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByLabel('Search contacts').fill('inbox');
      await polled(() => row(page, 'Carol Inbox').count(), 'Carol in the search results').toBe(1);

      await send(bob, aliceUser._id, 'Are you coming tonight?');
      await send(bob, aliceUser._id, 'Bring the photos 📷');
      const bobRow = row(page, 'Bob Inbox');
      await polled(() => bobRow.getByTestId('last-message').textContent(), 'Bob’s latest message in his row').toContain('Bring the photos 📷');
      await polled(() => bobRow.getByLabel('2 unread').count(), 'Bob’s 2 unread messages').toBe(1);
      await polled(() => page.title(), 'the unread count in the tab title').toBe('(2) Chat.io');
      await polled(() => page.getByRole('button', { name: /Inbox/ }).first().textContent(), 'Bob’s row at the top').toContain('Bob Inbox');
      await run.shot(page, 'inbox-unread');

      await page.reload();
      await polled(() => row(page, 'Bob Inbox').getByLabel('2 unread').count(), 'the unread count after a reload').toBe(1);
      await polled(() => page.title(), 'the title after a reload').toBe('(2) Chat.io');

      await row(page, 'Bob Inbox').click();
      await polled(() => conversation(page).getByText('Bring the photos 📷').count(), 'the conversation').toBe(1);
      await polled(() => page.getByLabel(/unread/).count(), 'no unread badge once read').toBe(0);
      await polled(() => page.title(), 'the title once read').toBe('Chat.io');
      await page.getByPlaceholder('Type a message...').fill('On my way!');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await polled(() => row(page, 'Bob Inbox').getByTestId('last-message').textContent(), 'my reply in Bob’s row').toContain('You: On my way!');
      await run.shot(page, 'inbox-replied');

      await page.reload();
      await polled(() => row(page, 'Bob Inbox').getByTestId('last-message').textContent(), 'the reply after a reload').toContain('You: On my way!');
      expect(await page.getByLabel(/unread/).count()).toBe(0);
    });

    it('finds people by any word of their name, and says when nobody matches', async () => {
      const me = new ApiClient(run.baseUrl);
      await me.signup('Searcher Inbox');
      const other = new ApiClient(run.baseUrl);
      const zoe = await other.signup("Zoë O'Neil-Finder");
      await me.waitForContact(zoe._id);
      const { page } = await signedInPage(browser(), run.baseUrl, me.cookie);
      await page.goto('/');
      const search = page.getByLabel('Search contacts');
      await search.fill('neil fin');
      await polled(() => page.getByRole('button', { name: /Finder/ }).count(), 'Zoë found by her surname').toBe(1);
      await polled(() => page.getByRole('list').getByRole('button').count(), 'only Zoë listed').toBe(1);
      await search.fill('zzzz');
      await polled(() => page.getByText('No contacts match “zzzz”').count(), 'the no-match text').toBe(1);
      await run.shot(page, 'inbox-search-none');
    });
  });
});
