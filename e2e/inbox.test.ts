import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, connected, openSocket } from '#test-support';
import { announcement, chooseInConversationMenu, conversation, conversationMenu, polled, sharedBrowser, signedInPage } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded } from './targets.js';

const browser = sharedBrowser();

// The web app's inbox; cluster.test.ts relays typing, receipts and new contacts across gateway replicas.
describeOnEmbedded((run) => {
  const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });

  describe('the sidebar as an inbox', () => {
    it('shows who wrote last and what, counts unread messages in the row and the title, and keeps them across a reload', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Inbox');

      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await polled(() => row(page, 'Bob Inbox').count(), 'Bob in the contact list').toBe(1);

      await send(bob, aliceUser._id, 'Are you coming tonight?');
      await send(bob, aliceUser._id, 'Bring the photos 📷');
      const bobRow = row(page, 'Bob Inbox');
      await polled(() => bobRow.getByTestId('last-message').textContent(), 'Bob’s latest message in his row').toContain(
        'Bring the photos 📷',
      );
      // The row's whole text, so a failure says what the row showed instead.
      await polled(() => bobRow.textContent(), 'Bob’s 2 unread messages').toContain('2 unread');
      await polled(() => page.title(), 'the unread count in the tab title').toBe('(2) Chat.io');
      // Alice's only conversation: the first row, live.
      await polled(() => page.getByRole('list').getByRole('button').first().textContent(), 'Bob’s row at the top').toContain('Bob Inbox');
      await run.shot(page, 'inbox-unread');

      await page.reload();
      await polled(() => row(page, 'Bob Inbox').textContent(), 'the unread count after a reload').toContain('2 unread');
      await polled(() => page.title(), 'the title after a reload').toBe('(2) Chat.io');

      await row(page, 'Bob Inbox').click();
      await polled(() => conversation(page).getByText('Bring the photos 📷').count(), 'the conversation').toBe(1);
      await polled(() => conversation(page).getByTestId('unread-divider').textContent(), 'where the unread messages begin').toBe(
        '2 unread messages',
      );
      await run.shot(page, 'inbox-unread-opened');
      await polled(() => page.getByText(/^\d+ unread$/).count(), 'no unread badge once read').toBe(0);
      await polled(() => page.title(), 'the title once read').toBe('Chat.io');
      await page.getByPlaceholder('Type a message...').fill('On my way!');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await polled(() => row(page, 'Bob Inbox').getByTestId('last-message').textContent(), 'my reply in Bob’s row').toContain(
        'You: On my way!',
      );
      await run.shot(page, 'inbox-replied');

      await page.reload();
      await polled(() => row(page, 'Bob Inbox').getByTestId('last-message').textContent(), 'the reply after a reload').toContain(
        'You: On my way!',
      );
      expect(await page.getByText(/^\d+ unread$/).count()).toBe(0);
    });

    // The browser's side once; cluster.test.ts relays typing across gateway replicas.
    it('shows “typing…” to the other person while I type, in the chat header and the row, and not once I stop', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Typing');
      const typist = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
      const reader = (await signedInPage(browser(), run.baseUrl, bob.cookie)).page;
      await Promise.all([typist.goto('/'), reader.goto('/')]);
      await row(typist, 'Bob Typing').click();
      await row(reader, 'Alice Typing').click();
      const header = reader.locator('h3', { hasText: 'Alice Typing' }).locator('..');

      await typist.getByPlaceholder('Type a message...').pressSequentially('Hello th');
      await polled(() => header.textContent(), '“typing…” in Bob’s chat header').toContain('typing…');
      await polled(() => row(reader, 'Alice Typing').textContent(), '“typing…” in Alice’s row').toContain('typing…');
      await run.shot(reader, 'inbox-typing');

      await typist.getByPlaceholder('Type a message...').fill('');
      await polled(() => header.textContent(), 'the header back to presence').not.toContain('typing…');
      await typist.getByPlaceholder('Type a message...').fill('Hello there');
      await polled(() => header.textContent(), '“typing…” again').toContain('typing…');
      await typist.getByRole('button', { name: 'Send', exact: true }).click();
      await polled(() => conversation(reader).getByText('Hello there').count(), 'the message at Bob').toBe(1);
      await polled(() => header.textContent(), 'no “typing…” once sent').not.toContain('typing…');
    });

    // The browser's notifications once; chat.test.ts delivers messages live on both modes.
    it('notifies on the desktop of a message not in view once turned on in Settings; a click opens it', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Notify');
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      // The browser's notifications, recorded: a permission the user grants, kept across reloads.
      await page.addInitScript(() => {
        const shown: { title: string; body?: string; onclick: (() => void) | null }[] = [];
        class RecordingNotification {
          static get permission() {
            return localStorage.getItem('granted-notifications') ? 'granted' : 'default';
          }
          static async requestPermission() {
            localStorage.setItem('granted-notifications', 'yes');
            return 'granted';
          }
          onclick: (() => void) | null = null;
          constructor(title: string, options: { body?: string }) {
            shown.push(Object.assign(this, { title, body: options.body }));
          }
          close() {}
        }
        Object.assign(window, { Notification: RecordingNotification, shownNotifications: shown });
      });
      const shown = () =>
        page.evaluate(() =>
          (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications.map(
            (n) => `${n.title}: ${n.body}`,
          ),
        );

      await page.goto('/settings');
      await page.getByLabel('Desktop notifications').check();
      await polled(() => page.getByLabel('Play a sound').isEnabled(), 'the sound choice offered once notifications are on').toBe(true);
      await page.getByLabel('Desktop notifications').scrollIntoViewIfNeeded();
      await run.shot(page, 'settings-notifications');

      await page.goto('/');
      // Bob comes online: once Alice sees it, her socket is connected and will hear his message live.
      const bobOnline = await connected(openSocket(run.baseUrl, { cookie: bob.cookie, userId: bobUser._id }));
      await polled(() => row(page, 'Bob Notify').textContent(), 'Bob online in Alice’s list').toContain('Online');
      await send(bob, aliceUser._id, 'Dinner at 8?');
      await polled(shown, 'a notification of Bob’s message').toEqual(['Bob Notify: Dinner at 8?']);
      await page.evaluate(() => (window as unknown as { shownNotifications: { onclick(): void }[] }).shownNotifications[0]!.onclick());
      await polled(() => conversation(page).getByText('Dinner at 8?').count(), 'Bob’s conversation opened by the click').toBe(1);

      await send(bob, aliceUser._id, 'In view now');
      await send(alice, bobUser._id, 'Sent by me');
      await polled(() => conversation(page).getByText('Sent by me').count(), 'both messages in the open conversation').toBe(1);
      expect(await shown(), 'nothing for what is in view, nor for my own').toEqual(['Bob Notify: Dinner at 8?']);

      // Muted for 8 hours, Bob's messages notify nothing on any device of Alice's, though they still count and show in his row.
      await chooseInConversationMenu(page, 'Mute notifications');
      const forHowLong = page.getByRole('menu', { name: 'Mute notifications for' });
      await polled(() => forHowLong.getByRole('menuitem').allTextContents(), 'the lengths offered').toEqual([
        '8 hours',
        '1 week',
        'Always',
      ]);
      await run.shot(page, 'mute-menu');
      await forHowLong.getByRole('menuitem', { name: '8 hours' }).click();
      await polled(
        () => page.locator('h3', { hasText: 'Bob Notify' }).getByRole('img', { name: 'Muted' }).count(),
        'muted by the name',
      ).toBe(1);
      const unmute = (await conversationMenu(page)).getByRole('menuitem', { name: 'Unmute notifications' });
      await polled(() => unmute.getAttribute('aria-description'), 'the menu saying until when it is muted').toMatch(/^Muted until .+/);
      await run.shot(page, 'conversation-muted');
      await page.keyboard.press('Escape');
      await polled(
        async () => ((await alice.get('/api/messages/mutes')).body as { userId: string }[]).map((mute) => mute.userId),
        'the mute kept with the account',
      ).toEqual([bobUser._id]);
      await page.getByRole('button', { name: 'Close chat' }).click();
      await send(bob, aliceUser._id, 'Sent while muted');
      await polled(() => row(page, 'Bob Notify').getByTestId('last-message').textContent(), 'the muted message in Bob’s row').toContain(
        'Sent while muted',
      );
      await polled(() => row(page, 'Bob Notify').textContent(), 'the row unread and muted').toMatch(/1 unread/);
      expect(await row(page, 'Bob Notify').getByRole('img', { name: 'Muted' }).count()).toBe(1);
      await run.shot(page, 'inbox-muted');
      expect(await shown(), 'no notification while muted').toEqual(['Bob Notify: Dinner at 8?']);
      bobOnline.disconnect();
    });

    it('keeps what I type to each person as their draft: in their row, back when I return, across a reload; Shift+Enter starts a new line', async () => {
      const { alice, bob, aliceUser } = await twoPeople(run.baseUrl, 'Draft');
      const carl = new ApiClient(run.baseUrl);
      await alice.waitForContact((await carl.signup('Carl Draft'))._id);
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      const input = page.getByPlaceholder('Type a message...');

      await row(page, 'Bob Draft').click();
      await input.fill('See you at the station');
      await row(page, 'Carl Draft').click();
      await polled(() => page.locator('h3', { hasText: 'Carl Draft' }).count(), 'Carl’s conversation open').toBe(1);
      await polled(() => input.inputValue(), 'nothing typed in Carl’s conversation').toBe('');
      await polled(() => row(page, 'Bob Draft').textContent(), 'the draft in Bob’s row').toContain('Draft: See you at the station');
      await input.fill('Carl, are you in?');
      await run.shot(page, 'inbox-draft');

      await page.reload();
      await polled(() => input.inputValue(), 'Carl’s conversation open again after a reload, its draft in the box').toBe(
        'Carl, are you in?',
      );
      await polled(() => row(page, 'Bob Draft').textContent(), 'Bob’s draft after a reload').toContain('Draft: See you at the station');
      await row(page, 'Bob Draft').click();
      await polled(() => input.inputValue(), 'the draft back in Bob’s conversation').toBe('See you at the station');
      await polled(() => row(page, 'Carl Draft').textContent(), 'Carl’s draft in his row').toContain('Draft: Carl, are you in?');
      await polled(() => row(page, 'Bob Draft').textContent(), 'no draft shown in the open conversation’s row').not.toContain('Draft:');

      await input.press('End');
      await input.press('Shift+Enter');
      await input.pressSequentially('Platform 2');
      await polled(() => input.inputValue(), 'two lines in the input').toBe('See you at the station\nPlatform 2');
      await run.shot(page, 'inbox-two-lines-typed');
      await input.press('Enter');
      const sent = conversation(page).getByTestId('chat-message').filter({ hasText: 'Platform 2' });
      await polled(() => sent.innerText(), 'the message on two lines').toMatch(/See you at the station\nPlatform 2/);
      await polled(() => input.inputValue(), 'the input empty once sent').toBe('');
      await polled(() => row(page, 'Bob Draft').textContent(), 'the message, not the draft, in Bob’s row').toContain(
        'You: See you at the station',
      );
      const history = await bob.get(`/api/messages/${aliceUser._id}`);
      expect((history.body as { text: string }[]).at(-1)?.text).toBe('See you at the station\nPlatform 2');
      await run.shot(page, 'inbox-two-lines');

      await page.reload();
      await polled(() => row(page, 'Carl Draft').textContent(), 'Carl’s draft still there').toContain('Draft: Carl, are you in?');
      expect(await row(page, 'Bob Draft').textContent(), 'the sent draft gone for good').not.toContain('Draft:');
    });

    it('pins a conversation to the top, on my other devices too, above newer messages and across a reload; unpinned it goes back', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Pins');
      const carl = new ApiClient(run.baseUrl);
      await alice.waitForContact((await carl.signup('Carl Pins'))._id);
      await send(bob, aliceUser._id, 'Bob was first');
      await send(carl, aliceUser._id, 'Carl came later');
      const [laptop, phone] = [
        await signedInPage(browser(), run.baseUrl, alice.cookie),
        await signedInPage(browser(), run.baseUrl, alice.cookie),
      ];
      await laptop.page.goto('/');
      await phone.page.goto('/');
      const firstRow = (page: Page) => page.getByRole('list').getByRole('button').first();
      for (const { page } of [laptop, phone])
        await polled(() => firstRow(page).textContent(), 'Carl’s newer message on top').toContain('Carl Pins');

      await row(laptop.page, 'Bob Pins').click();
      await chooseInConversationMenu(laptop.page, 'Pin chat');
      for (const { page } of [laptop, phone]) {
        await polled(() => firstRow(page).textContent(), 'Bob pinned on top, on both devices').toContain('Bob Pins');
        await polled(() => firstRow(page).getByRole('img', { name: 'Pinned' }).count(), 'the pin in Bob’s row').toBe(1);
      }
      await send(carl, aliceUser._id, 'Carl again');
      await polled(() => row(phone.page, 'Carl Pins').textContent(), 'Carl’s new message in his row').toContain('Carl again');
      expect(await firstRow(phone.page).textContent(), 'the pinned conversation stays above a newer one').toContain('Bob Pins');
      await run.shot(laptop.page, 'inbox-pinned');

      await phone.page.reload();
      await polled(() => firstRow(phone.page).getByRole('img', { name: 'Pinned' }).count(), 'still pinned after a reload').toBe(1);
      expect(await firstRow(phone.page).textContent()).toContain('Bob Pins');

      await chooseInConversationMenu(laptop.page, 'Unpin chat');
      await polled(() => firstRow(phone.page).textContent(), 'Carl’s newer conversation on top again on the other device').toContain(
        'Carl Pins',
      );
      expect(await phone.page.getByRole('img', { name: 'Pinned' }).count()).toBe(0);
    });

    it('archives a conversation off the list on my other devices too, keeps it under “Archived”, and a new message brings it back', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Shelf');
      const carl = new ApiClient(run.baseUrl);
      await alice.waitForContact((await carl.signup('Carl Shelf'))._id);
      await send(bob, aliceUser._id, 'Old plans');
      await send(carl, aliceUser._id, 'Current plans');
      const [laptop, phone] = [
        await signedInPage(browser(), run.baseUrl, alice.cookie),
        await signedInPage(browser(), run.baseUrl, alice.cookie),
      ];
      for (const { page } of [laptop, phone]) {
        await page.goto('/');
        await polled(() => row(page, 'Bob Shelf').count(), 'Bob listed').toBe(1);
      }

      await row(laptop.page, 'Bob Shelf').click();
      await chooseInConversationMenu(laptop.page, 'Archive chat');
      await polled(() => announcement(laptop.page, 'Chat archived').count(), 'the toast').toBe(1);
      for (const { page } of [laptop, phone]) {
        await polled(() => row(page, 'Bob Shelf').count(), 'Bob off the list, on both devices').toBe(0);
        await polled(() => page.getByRole('button', { name: /^Archived\W+1 chat$/ }).count(), 'the archive, counted').toBe(1);
      }
      expect(await row(laptop.page, 'Carl Shelf').count()).toBe(1);

      await laptop.page.getByRole('button', { name: /^Archived\W+1 chat$/ }).click();
      await polled(() => row(laptop.page, 'Bob Shelf').count(), 'Bob in the archive').toBe(1);
      expect(await row(laptop.page, 'Carl Shelf').count(), 'only the archived').toBe(0);
      await row(laptop.page, 'Bob Shelf').click();
      const archiveMenu = await conversationMenu(laptop.page);
      await polled(() => archiveMenu.getByRole('menuitem', { name: 'Unarchive chat' }).count(), 'offered out of the archive').toBe(1);
      await run.shot(laptop.page, 'inbox-archive-menu');
      await laptop.page.keyboard.press('Escape');
      await run.shot(laptop.page, 'inbox-archive');

      await send(bob, aliceUser._id, 'Are you still coming?');
      await polled(() => laptop.page.getByText('No archived chats').count(), 'back out of the archive with his message').toBe(1);
      await polled(() => row(phone.page, 'Bob Shelf').textContent(), 'back in the list on the other device').toContain(
        'Are you still coming?',
      );
      await laptop.page.getByRole('button', { name: 'Back to chats' }).click();
      await polled(() => row(laptop.page, 'Bob Shelf').count(), 'Bob in the chats again').toBe(1);
      expect(await laptop.page.getByRole('button', { name: /^Archived/ }).count(), 'nothing archived any more').toBe(0);
    });

    it('pins, archives and marks unread a group as a conversation, on my other device too; a message in it brings it back', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Club');
      const created = await alice.post('/api/messages/groups', { name: 'Book club', memberIds: [bobUser._id] });
      expect(created.status).toBe(201);
      const groupId = (created.body as { _id: string })._id;
      expect((await alice.post(`/api/messages/send/${bobUser._id}`, { text: 'Hi Bob' })).status).toBe(201);
      const [laptop, phone] = [
        await signedInPage(browser(), run.baseUrl, alice.cookie),
        await signedInPage(browser(), run.baseUrl, alice.cookie),
      ];
      const clubRow = (page: Page) => page.getByTestId('group-row').filter({ hasText: 'Book club' });
      for (const { page } of [laptop, phone]) {
        await page.goto('/');
        await polled(() => row(page, '^Bob Club').count(), 'Bob listed').toBe(1);
        await polled(() => clubRow(page).count(), 'the group listed').toBe(1);
      }
      const firstRow = (page: Page) => page.getByRole('list').getByRole('button').first().textContent();
      await polled(() => firstRow(laptop.page), 'Bob on top: the latest message').toContain('Bob Club');

      await clubRow(laptop.page).click();
      await chooseInConversationMenu(laptop.page, 'Pin chat');
      for (const { page } of [laptop, phone]) {
        await polled(() => clubRow(page).getByRole('img', { name: 'Pinned' }).count(), 'the group pinned, on both devices').toBe(1);
        await polled(() => firstRow(page), 'the pinned group on top').toContain('Book club');
      }
      await run.shot(laptop.page, 'inbox-pinned-group');

      await chooseInConversationMenu(laptop.page, 'Archive chat');
      await polled(() => announcement(laptop.page, 'Chat archived').count(), 'the toast').toBe(1);
      for (const { page } of [laptop, phone]) {
        await polled(() => clubRow(page).count(), 'the group off the list, on both devices').toBe(0);
        await polled(() => page.getByRole('button', { name: /^Archived\W+1 chat$/ }).count(), 'the archive, counted').toBe(1);
      }
      await laptop.page.getByRole('button', { name: /^Archived\W+1 chat$/ }).click();
      await polled(() => clubRow(laptop.page).count(), 'the group in the archive').toBe(1);
      expect(await row(laptop.page, '^Bob Club').count(), 'only the archived').toBe(0);
      await run.shot(laptop.page, 'inbox-archived-group');

      expect((await bob.post(`/api/messages/groups/${groupId}/send`, { text: 'Chapter 3 for Friday' })).status).toBe(201);
      await polled(() => laptop.page.getByText('No archived chats').count(), 'back out of the archive with his message').toBe(1);
      await polled(() => clubRow(phone.page).textContent(), 'back in the list on the other device').toContain('Chapter 3 for Friday');
      await laptop.page.getByRole('button', { name: 'Back to chats' }).click();

      await clubRow(phone.page).click();
      // Read first, as a person who marks it unread has seen it: a mark on an unread group shows its count instead.
      await polled(() => clubRow(phone.page).textContent(), 'Bob’s message read on the phone').not.toMatch(/unread/);
      await chooseInConversationMenu(phone.page, 'Mark as unread');
      for (const { page } of [phone, laptop]) {
        await polled(() => clubRow(page).getByTitle('Marked unread').count(), 'marked unread, on both devices').toBe(1);
      }
      await clubRow(laptop.page).click();
      await polled(() => clubRow(phone.page).getByTitle('Marked unread').count(), 'no longer marked once opened elsewhere').toBe(0);
    });

    it('marks a conversation unread to come back to it, on my other device too, until I open it', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Later');
      await send(bob, aliceUser._id, 'Can you check the draft?');
      const [laptop, phone] = [
        await signedInPage(browser(), run.baseUrl, alice.cookie),
        await signedInPage(browser(), run.baseUrl, alice.cookie),
      ];
      for (const { page } of [laptop, phone]) await page.goto('/');
      await row(laptop.page, 'Bob Later').click();
      await polled(() => row(laptop.page, 'Bob Later').textContent(), 'Bob’s message read').not.toMatch(/unread/);
      await polled(() => row(phone.page, 'Bob Later').textContent(), 'read on the other device too').not.toMatch(/unread/);

      await chooseInConversationMenu(laptop.page, 'Mark as unread');
      for (const { page } of [laptop, phone]) {
        await polled(() => row(page, 'Bob Later').textContent(), 'marked unread on both devices').toContain('Marked unread');
      }
      expect(await laptop.page.locator('h3', { hasText: 'Bob Later' }).count(), 'the conversation closed').toBe(0);
      await polled(() => phone.page.title(), 'counted in the tab’s title').toBe('(1) Chat.io');
      await run.shot(laptop.page, 'inbox-marked-unread');

      await row(phone.page, 'Bob Later').click();
      for (const { page } of [laptop, phone]) {
        await polled(() => row(page, 'Bob Later').textContent(), 'the mark gone once opened').not.toContain('Marked unread');
      }
    });

    it('asks before a logout deletes unsent messages, then leaves nothing of mine for whoever signs in next on this tab', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Leaves');
      const carl = new ApiClient(run.baseUrl);
      const carlUser = await carl.signup('Carl Leaves');
      await send(bob, aliceUser._id, 'The surprise is on Friday');
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await row(page, 'Bob Leaves').click();
      await polled(() => conversation(page).getByText('The surprise is on Friday').count(), 'Bob’s message on screen').toBe(1);
      expect((await bob.post(`/api/messages/block/${aliceUser._id}`)).status).toBe(204);
      const input = page.getByPlaceholder('Type a message...');
      await input.fill('Shall I bring the cake?');
      await input.press('Enter');
      const refused = conversation(page).getByTestId('chat-message').filter({ hasText: 'Shall I bring the cake?' });
      await polled(() => refused.getByText('Not sent —').count(), 'my message not sent').toBe(1);
      await input.fill('And the candles');

      await page.getByRole('button', { name: 'Logout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log out?' });
      await polled(() => dialog.textContent(), 'the question before the unsent message goes').toContain('1 message is not sent yet.');
      await run.shot(page, 'logout-unsent');
      await dialog.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/login');

      const signIn = async (email: string) => {
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('secret123');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await polled(() => page.getByLabel('Search contacts').count(), 'the inbox after signing in').toBe(1);
      };
      await signIn(carlUser.email);
      await polled(() => row(page, 'Bob Leaves').count(), 'Bob among Carl’s contacts').toBe(1);
      expect(await page.getByText(/surprise|cake|candles/).count(), 'nothing of Alice’s on Carl’s screen').toBe(0);
      expect(await page.locator('h3', { hasText: 'Bob Leaves' }).count(), 'no conversation open for Carl').toBe(0);

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await signIn(aliceUser.email);
      await polled(() => row(page, 'Bob Leaves').textContent(), 'Bob’s row with his message').toContain('The surprise is on Friday');
      expect(await row(page, 'Bob Leaves').textContent(), 'no draft kept').not.toContain('Draft:');
      await row(page, 'Bob Leaves').click();
      await polled(() => conversation(page).getByText('The surprise is on Friday').count(), 'the history back').toBe(1);
      expect(await conversation(page).getByText('Shall I bring the cake?').count(), 'the unsent message gone').toBe(0);
      expect(await input.inputValue()).toBe('');
      expect((await bob.post(`/api/messages/unblock/${aliceUser._id}`)).status).toBe(204);
      expect((await bob.get(`/api/messages/${aliceUser._id}`)).body, 'nothing sent on the way out').toHaveLength(1);
    });

    // The web app's search box once; the services' suites search names on PGlite and Postgres.
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
