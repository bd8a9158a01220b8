import type { Message } from '@chat/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, pngBytes } from '#test-support';
import { announcement, conversation, newUserPage, PHONE, photosIn, polled, sharedBrowser, signedInPage, signUp } from './browser.js';
import { pageWithCard, RIDGE_CARD_TEXT } from './link-page.js';
import { twoPeople } from './people.js';
import { describeOnEveryTarget } from './targets.js';

const browser = sharedBrowser();

/** The background of the next toast the page shows, read as it appears (toasts go after a few seconds). */
const firstToastBackground = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const observer = new MutationObserver(() => {
          const toast = document.querySelector('[aria-hidden="true"] [role="status"]')?.parentElement;
          if (!toast) return;
          observer.disconnect();
          resolve(getComputedStyle(toast).backgroundColor);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
const stamp = Date.now();

describeOnEveryTarget((run) => {
  describe('two people chatting in the browser', () => {
    const ridgePage = pageWithCard();
    it('sign up, see each other online, exchange text, emoji and an image live', async () => {
      const alice = await newUserPage(browser(), run.baseUrl);
      const bob = await newUserPage(browser(), run.baseUrl);

      await alice.page.goto('/signup');
      const toastBackground = firstToastBackground(alice.page);
      await alice.page.getByRole('button', { name: 'Create Account' }).click();
      await polled(() => announcement(alice.page, 'Full name is required').count(), 'the missing-name error').toBe(1);
      // Under its field too, which it describes, until the name is typed.
      const nameField = alice.page.getByLabel('Full Name');
      const describedBy = async () => alice.page.locator(`#${await nameField.getAttribute('aria-describedby')}`).textContent();
      expect([await nameField.getAttribute('aria-invalid'), await describedBy()]).toEqual(['true', 'Full name is required']);
      await run.shot(alice.page, 'signup');
      await nameField.fill('A');
      expect(await nameField.getAttribute('aria-invalid'), 'the error gone as the name is typed').toBeNull();

      await signUp(alice.page, 'Alice Walker', `alice.${stamp}@chat.io`);
      await signUp(bob.page, 'Bob Stone', `bob.${stamp}@chat.io`);
      const appBackground = bob.page.locator('div[data-theme]').first();
      const background = (locator: typeof appBackground) => locator.evaluate((node) => getComputedStyle(node).backgroundColor);

      const bobInAlicesList = alice.page.getByRole('button', { name: /Bob Stone/ });
      await polled(() => bobInAlicesList.textContent(), 'Bob online in Alice’s list').toContain('Online');
      await polled(() => alice.page.getByText('(1 online)').count(), 'the online counter at 1').toBe(1);
      await run.shot(alice.page, 'chat-placeholder');

      await bobInAlicesList.click();
      await bob.page.getByRole('button', { name: /Alice Walker/ }).click();
      await polled(() => alice.page.getByText('Online', { exact: true }).count(), 'Bob online in the chat header').toBeGreaterThan(0);

      // Text goes over the open socket; only the image is an HTTP send.
      const httpSends: string[] = [];
      alice.page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/messages/send/')) httpSends.push(request.url());
      });
      await alice.page.getByPlaceholder('Type a message...').fill('Hi Bob! 👋');
      await alice.page.keyboard.press('Enter');
      await polled(() => conversation(bob.page).getByText('Hi Bob! 👋').count(), 'Alice’s message on Bob’s screen').toBe(1);
      await polled(() => conversation(alice.page).getByText('Hi Bob! 👋').count(), 'Alice’s message on her own screen').toBe(1);

      await bob.page.getByRole('button', { name: 'Emoji' }).click();
      // Toasts and the emoji picker in the app's theme, not white slabs on a dark one.
      expect(await toastBackground, 'the toast in the app’s colours').toBe(await background(appBackground));
      await polled(() => background(bob.page.locator('.EmojiPickerReact')), 'the picker in the app’s colours').toBe(
        await background(appBackground),
      );
      await bob.page.getByTestId('emoji-picker').locator('[data-epr-unified="1f600"]').first().click();
      await polled(() => bob.page.getByPlaceholder('Type a message...').inputValue(), 'the picked emoji in the input').toBe('😀');
      await bob.page.keyboard.press('Enter');
      await polled(() => conversation(alice.page).getByText('😀', { exact: true }).count(), 'Bob’s emoji on Alice’s screen').toBe(1);

      await alice.page.getByTestId('image-input').setInputFiles({
        name: 'sunset.png',
        mimeType: 'image/png',
        buffer: await pngBytes(320, 200),
      });
      await polled(() => alice.page.getByAltText('Photo to send').count(), 'the image preview').toBe(1);
      await alice.page.getByRole('button', { name: 'Send' }).click();
      await polled(() => photosIn(bob.page).count(), 'the image on Bob’s screen').toBe(1);
      expect(httpSends, 'one HTTP send: the image').toHaveLength(1);
      const attachment = photosIn(bob.page);
      await polled(() => attachment.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the image to load').toBe(
        true,
      );
      const width = await attachment.evaluate((img) => img.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThanOrEqual(200);
      await run.shot(alice.page, 'chat-conversation');
      await run.shot(bob.page, 'chat-conversation-bob');

      expect(alice.outside).toEqual([]);
      expect(bob.outside).toEqual([]);
      expect(alice.blocked).toEqual([]);
      expect(bob.blocked).toEqual([]);

      await bob.page.context().close();
      await alice.page.getByRole('button', { name: 'Close chat' }).click();
      await alice.page.getByLabel('Show online only').check();
      await polled(() => alice.page.getByText('No online users').count(), '“No online users” once Bob left').toBe(1);
      await run.shot(alice.page, 'chat-online-filter');

      await alice.page.getByRole('button', { name: 'Logout' }).click();
      await alice.page.waitForURL('**/login');
      await run.shot(alice.page, 'login');
    });

    it('shows a link’s card (site, title, description, picture) in the bubble for both people, fetched by the server', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Cards');
      const text = `Shall we do this one? ${ridgePage()}`;
      expect((await alice.post(`/api/messages/send/${bobUser._id}`, { text })).status).toBe(201);
      for (const reader of [alice, bob]) {
        const { page } = await signedInPage(browser(), run.baseUrl, reader.cookie);
        await page.goto('/');
        await page.getByRole('button', { name: reader === alice ? /Bob Cards/ : /Alice Cards/ }).click();
        const card = conversation(page).getByTestId('link-card');
        await polled(() => card.textContent(), 'the card in the bubble').toBe(RIDGE_CARD_TEXT);
        expect(await card.getAttribute('href')).toBe(ridgePage());
        await polled(
          () => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
          'its picture, from our server',
        ).toBe(400);
        expect(await card.locator('img').getAttribute('src')).toMatch(/^\/api\/media\/previews\//);
        if (reader === bob) await run.shot(page, 'link-card');
      }
    });

    // A draft's card comes from the same server fetch as a sent one's (proven on both modes above),
    // and an address is the web app's own: the same on both modes.
    if (run.mode === 'embedded') {
      it('shows the card of a link being written above the box; removed there, the message goes without it, for both people', async () => {
        const { alice, bob, bobUser, send } = await twoPeople(run.baseUrl, 'Drafts');
        await send(alice, bobUser._id, 'Where shall we walk?');
        const { page } = await signedInPage(browser(), run.baseUrl, bob.cookie);
        await page.goto('/');
        await page.getByRole('button', { name: /Alice Drafts/ }).click();
        await page.getByPlaceholder('Type a message...').fill(`This one, I think: ${ridgePage()}`);
        const draftCard = page.getByTestId('draft-link-card');
        await polled(() => draftCard.textContent(), 'the card of the link being written').toContain('Trail guide: the ridge walk');
        await run.shot(page, 'link-card-draft');
        await draftCard.getByRole('button', { name: 'Remove link preview' }).click();
        await polled(() => draftCard.count(), 'the card removed').toBe(0);
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        const mine = conversation(page).getByTestId('chat-message').filter({ hasText: 'This one, I think' });
        await polled(() => mine.getByRole('img', { name: /Sent|Delivered|Read/ }).count(), 'my message stored').toBe(1);
        expect(await mine.getByTestId('link-card').count(), 'no card on mine').toBe(0);
        const { page: alicePage } = await signedInPage(browser(), run.baseUrl, alice.cookie);
        await alicePage.goto('/');
        await alicePage.getByRole('button', { name: /Bob Drafts/ }).click();
        const theirs = conversation(alicePage).getByTestId('chat-message').filter({ hasText: 'This one, I think' });
        await polled(() => theirs.count(), 'Bob’s message at Alice').toBe(1);
        const stored = (await alice.get(`/api/messages/${bobUser._id}`)).body as { text: string; noLinkPreview?: true }[];
        expect(stored.find((message) => message.text.startsWith('This one'))?.noLinkPreview, 'stored without its card').toBe(true);
        expect(await theirs.getByTestId('link-card').count(), 'none at Alice either').toBe(0);
      });

      it('gives a conversation an address: a link and a reload open it, Back leads to the list, an unknown one says so with the way home', async () => {
        const { alice, bobUser, send } = await twoPeople(run.baseUrl, 'Address');
        await send(alice, bobUser._id, 'See you at the station');
        const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie, PHONE);
        await page.goto('/');
        await page.getByRole('button', { name: /Bob Address/ }).tap();
        await polled(() => new URL(page.url()).pathname, 'the conversation’s address').toBe(`/chat/${bobUser._id}`);
        await page.reload();
        await polled(() => conversation(page).getByText('See you at the station').count(), 'the conversation again after a reload').toBe(1);
        await page.goBack();
        await polled(() => page.getByRole('button', { name: /Bob Address/ }).isVisible(), 'the list after Back').toBe(true);
        expect(new URL(page.url()).pathname).toBe('/');
        await page.goForward();
        await polled(() => conversation(page).getByText('See you at the station').count(), 'the conversation after Forward').toBe(1);

        // A link from elsewhere (a new tab): Close leads to the list, in place of the link's page.
        await page.goto(`/chat/${bobUser._id}`);
        await polled(() => conversation(page).getByText('See you at the station').count(), 'the conversation a link opened').toBe(1);
        await page.getByRole('button', { name: 'Close chat' }).tap();
        await polled(() => new URL(page.url()).pathname, 'the list’s address').toBe('/');

        await page.goto('/chat/0b7cbb0e-3c5e-4e39-9f2a-6c1d2e3f4a5b');
        await polled(() => page.getByRole('heading', { name: 'Chat not found' }).isVisible(), 'the chat’s not-found page').toBe(true);
        await run.shot(page, 'chat-not-found');
        await page.getByRole('link', { name: 'Back to chats' }).tap();
        await polled(() => page.getByRole('button', { name: /Bob Address/ }).isVisible(), 'the list, home again').toBe(true);
        await page.goto('/no/such/page');
        await polled(() => page.getByRole('heading', { name: 'Page not found' }).isVisible(), 'the not-found page').toBe(true);
        await page.getByRole('link', { name: 'Go to your chats' }).tap();
        await polled(() => page.getByRole('button', { name: /Bob Address/ }).isVisible(), 'the list, home again').toBe(true);
      });
    }

    // The top bar shows what auth answers: the same on both modes.
    if (run.mode === 'embedded') {
      it('shows a new profile photo in the top bar', async () => {
        const { page } = await newUserPage(browser(), run.baseUrl);
        await signUp(page, 'Photo Person', `photo.${stamp}@chat.io`);
        await page.goto('/profile');
        await page.locator('#avatar-upload').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBytes(64, 64) });
        await polled(() => announcement(page, 'Profile updated successfully').count(), 'the profile toast').toBe(1);
        const avatar = page.getByRole('link', { name: 'Profile' }).locator('img');
        await polled(() => avatar.getAttribute('src'), 'the new photo in the top bar').toMatch(/^\/api\/media\/avatars\//);
        await run.shot(page, 'profile');
      });
    }

    // The browser's side once; cluster.test.ts ends the sessions on every service and gateway replica.
    if (run.mode === 'embedded') {
      it('logs out of every device from the profile; the other device is told its session ended', async () => {
        const email = `everywhere.${stamp}@chat.io`;
        const laptop = await newUserPage(browser(), run.baseUrl);
        await signUp(laptop.page, 'Everywhere Person', email);
        const phone = await newUserPage(browser(), run.baseUrl, { viewport: { width: 390, height: 844 } });
        await phone.page.goto('/login');
        await phone.page.getByLabel('Email').fill(email);
        await phone.page.getByLabel('Password', { exact: true }).fill('secret123');
        await phone.page.getByRole('button', { name: 'Sign in' }).click();
        await phone.page.waitForURL('**/');
        await polled(() => phone.page.getByText('Welcome to Chat.io!').count(), 'the phone signed in').toBe(1);

        await laptop.page.goto('/profile');
        const logOutEverywhere = laptop.page.getByRole('button', { name: 'Log out of all devices' });
        await logOutEverywhere.scrollIntoViewIfNeeded();
        await run.shot(laptop.page, 'profile-log-out-everywhere');
        await logOutEverywhere.click();
        await polled(() => announcement(laptop.page, 'Logged out of all devices').count(), 'the logout toast').toBe(1);
        await laptop.page.waitForURL('**/login');
        await polled(() => announcement(phone.page, 'Your session has ended. Please log in again.').count(), 'the phone told').toBe(1);
        await phone.page.waitForURL('**/login');
        await run.shot(phone.page, 'phone-session-ended');
        await laptop.page.reload();
        await polled(() => laptop.page.getByRole('button', { name: 'Sign in' }).count(), 'still signed out after a reload').toBe(1);
      });
    }

    if (run.mode === 'embedded') {
      it('changes the password from the profile: this device stays signed in, the other is told its session ended', async () => {
        const email = `changer.${stamp}@chat.io`;
        const onLaptop = new ApiClient(run.baseUrl);
        await onLaptop.signup('Password Changer', email);
        const onPhone = new ApiClient(run.baseUrl);
        expect((await onPhone.post('/api/auth/login', { email, password: 'secret123' })).status).toBe(200);
        const laptop = await signedInPage(browser(), run.baseUrl, onLaptop.cookie);
        const phone = await signedInPage(browser(), run.baseUrl, onPhone.cookie, { viewport: { width: 390, height: 844 } });
        await phone.page.goto('/');
        await polled(() => phone.page.getByText('Welcome to Chat.io!').count(), 'the phone signed in').toBe(1);

        await laptop.page.goto('/profile');
        await laptop.page.getByRole('button', { name: 'Change password' }).click();
        const dialog = laptop.page.getByRole('dialog', { name: 'Change password' });
        await dialog.getByLabel('Current password', { exact: true }).fill('wrong-password');
        await dialog.getByLabel('New password', { exact: true }).fill('better-secret');
        await dialog.getByLabel('Confirm new password', { exact: true }).fill('better-secret');
        await dialog.getByRole('button', { name: 'Change password' }).click();
        await polled(() => announcement(laptop.page, 'Incorrect password').count(), 'the wrong current password refused').toBe(1);
        await dialog.getByLabel('Current password', { exact: true }).fill('secret123');
        await run.shot(laptop.page, 'change-password');
        await dialog.getByRole('button', { name: 'Change password' }).click();
        await polled(() => announcement(laptop.page, 'Password changed').count(), 'the change told').toBe(1);
        await polled(() => dialog.isVisible(), 'the dialog closed').toBe(false);
        await polled(() => announcement(phone.page, 'Your session has ended. Please log in again.').count(), 'the phone told').toBe(1);
        await phone.page.waitForURL('**/login');

        await laptop.page.reload();
        await polled(() => laptop.page.getByRole('heading', { name: 'Profile' }).count(), 'the laptop still signed in after a reload').toBe(
          1,
        );
        await phone.page.getByLabel('Email').fill(email);
        await phone.page.getByLabel('Password', { exact: true }).fill('secret123');
        await phone.page.getByRole('button', { name: 'Sign in' }).click();
        await polled(() => announcement(phone.page, 'Invalid credentials').count(), 'the old password refused').toBe(1);
        await phone.page.getByLabel('Password', { exact: true }).fill('better-secret');
        await phone.page.getByRole('button', { name: 'Sign in' }).click();
        await polled(() => phone.page.getByText('Welcome to Chat.io!').count(), 'the phone signed in with the new password').toBe(1);
      });
    }
  });
  describe('a group in the browser', () => {
    it('creates a group with two people: lines of its story in each one’s words, messages with their sender’s name, typing by name, a phone too', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Groups');
      const carl = new ApiClient(run.baseUrl);
      const carlUser = await carl.signup('Carl Groups');
      await alice.waitForContact(carlUser._id);
      const ann = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
      const bobsPhone = (await signedInPage(browser(), run.baseUrl, bob.cookie, PHONE)).page;
      await ann.goto('/');
      await bobsPhone.goto('/');
      await polled(
        () =>
          ann
            .getByRole('list')
            .getByRole('button', { name: /Carl Groups/ })
            .count(),
        'Carl among Alice’s contacts',
      ).toBe(1);

      await ann.getByRole('button', { name: 'New group' }).click();
      const dialog = ann.getByRole('dialog', { name: 'New group' });
      await dialog.getByLabel('Group name').fill('Hikers');
      await dialog.getByPlaceholder('Search people').fill('Groups');
      for (const name of ['Bob Groups', 'Carl Groups']) await dialog.getByRole('checkbox', { name }).check();
      await dialog.getByRole('button', { name: 'Create group' }).click();

      const lines = (page: Page) => conversation(page).getByTestId('system-line');
      await polled(() => lines(ann).allTextContents(), 'the group’s first lines, as its creator reads them').toEqual([
        'You created the group “Hikers”',
        'You added Bob Groups and Carl Groups',
      ]);
      await polled(() => ann.getByTestId('chat-status').textContent(), 'who is in it and online').toMatch(/^3 members, [1-3] online$/);
      const bobsRow = bobsPhone.getByTestId('group-row').filter({ hasText: 'Hikers' });
      await polled(() => bobsRow.getByTestId('last-message').textContent(), 'the group in Bob’s list at once').toBe(
        'Alice Groups added you and Carl Groups',
      );

      // She mentions him: "@" offers the members, Enter takes the one marked.
      const annsBox = ann.getByPlaceholder('Type a message...');
      await annsBox.pressSequentially('@bo');
      await polled(
        () => ann.getByRole('listbox', { name: 'Mention someone' }).getByRole('option').allTextContents(),
        'Bob offered',
      ).toEqual(['Bob Groups']);
      await annsBox.press('Enter');
      await annsBox.pressSequentially('who is coming on Saturday?');
      await polled(() => annsBox.inputValue(), 'the mention written out').toBe('@Bob Groups who is coming on Saturday?');
      await annsBox.press('Enter');
      await polled(() => bobsRow.getByTestId('last-message').textContent(), 'the message in Bob’s row, with who wrote it').toBe(
        'Alice Groups: @Bob Groups who is coming on Saturday?',
      );
      // Unread: the two lines that added him, and her message, which mentions him.
      await polled(() => bobsRow.textContent(), 'counted unread').toContain('3 unread');
      await polled(() => bobsRow.getByTestId('mentioned').count(), 'his row marked “@”').toBe(1);
      await run.shot(bobsPhone, 'group-row-phone');

      await bobsRow.click();
      await polled(() => lines(bobsPhone).allTextContents(), 'the lines in Bob’s words').toEqual([
        'Alice Groups created the group “Hikers”',
        'Alice Groups added you and Carl Groups',
      ]);
      const fromAlice = conversation(bobsPhone).getByTestId('chat-message').filter({ hasText: 'who is coming on Saturday?' });
      await polled(() => fromAlice.getByTestId('sender-name').textContent(), 'the sender’s name over her message').toBe('Alice Groups');
      expect(await fromAlice.getByTestId('mention').textContent(), 'the mention in bold').toBe('@Bob Groups');
      await polled(() => bobsRow.getByTestId('mentioned').count(), 'the “@” gone once read').toBe(0);

      await bobsPhone.getByPlaceholder('Type a message...').fill('Me');
      await polled(() => ann.getByTestId('chat-status').textContent(), 'Bob typing, by name').toBe('Bob Groups is typing…');
      await bobsPhone.getByPlaceholder('Type a message...').fill('Me! 🙋');
      await bobsPhone.getByRole('button', { name: 'Send' }).click();
      const fromBob = conversation(ann).getByTestId('chat-message').filter({ hasText: 'Me! 🙋' });
      await polled(() => fromBob.getByTestId('sender-name').textContent(), 'Bob’s answer, with his name').toBe('Bob Groups');
      await polled(() => ann.getByTestId('chat-status').textContent(), 'typing over once he sent').toMatch(/^3 members/);
      // A photo, attached as to a person: stored once for the group, opened by each member.
      const [photoChooser] = await Promise.all([
        ann.waitForEvent('filechooser'),
        ann.getByRole('button', { name: 'Attach image' }).click(),
      ]);
      await photoChooser.setFiles({ name: 'ridge.png', mimeType: 'image/png', buffer: await pngBytes(320, 200) });
      await polled(() => ann.getByAltText('Photo to send').count(), 'the photo ready to send').toBe(1);
      await ann.getByRole('button', { name: 'Send' }).click();
      await polled(() => photosIn(bobsPhone).count(), 'Alice’s photo in the group on Bob’s phone').toBe(1);
      await polled(
        () => photosIn(bobsPhone).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        'the photo loaded for a member',
      ).toBe(true);
      await run.shot(ann, 'group-conversation');
      // From his phone Bob sends a document with the paperclip, then a voice message: each reaches her with his name.
      const [fileChooser] = await Promise.all([
        bobsPhone.waitForEvent('filechooser'),
        bobsPhone.getByRole('button', { name: 'Attach file' }).click(),
      ]);
      await fileChooser.setFiles({ name: 'route.txt', mimeType: 'text/plain', buffer: Buffer.from('Saturday: the car park at 8') });
      await polled(() => bobsPhone.getByTestId('file-to-send').textContent(), 'the file ready to send').toContain('route.txt');
      await bobsPhone.getByRole('button', { name: 'Send', exact: true }).click();
      const bobsFile = conversation(ann)
        .getByTestId('chat-message')
        .filter({ has: ann.getByTestId('message-file') });
      await polled(() => bobsFile.getByTestId('message-file').textContent(), 'Bob’s file in the group').toContain('route.txt');
      expect(await bobsFile.getByTestId('sender-name').textContent(), 'with his name').toBe('Bob Groups');
      await bobsPhone.getByRole('button', { name: 'Record voice message' }).click();
      await polled(() => bobsPhone.getByTestId('recording-time').textContent(), 'a second recorded').toMatch(/^0:0[1-9]$/);
      await bobsPhone.getByRole('button', { name: 'Send voice message' }).click();
      // Under his name, as the message before it from him; her list names him too.
      await polled(() => conversation(ann).getByTestId('voice-message').count(), 'Bob’s voice message in the group').toBe(1);
      const annsRow = ann.getByTestId('group-row').filter({ hasText: 'Hikers' });
      await polled(() => annsRow.getByTestId('last-message').textContent(), 'her row').toMatch(/^Bob Groups: 🎤 Voice message \(0:0\d\)$/);

      // Her message turns read once every member read it: Bob has the group open; Carl reads it on his device.
      const annsMessage = conversation(ann).getByTestId('chat-message').filter({ hasText: 'who is coming on Saturday?' });
      const statusOfAnns = () => annsMessage.locator('[data-status]').getAttribute('data-status', { timeout: 1000 });
      await polled(statusOfAnns, 'one tick while Carl has not got it').toBe('sent');
      const groupId = new URL(ann.url()).pathname.split('/').at(-1)!;
      const carlsCopy = (await carl.get(`/api/messages/groups/${groupId}/messages`)).body as Message[];
      await polled(statusOfAnns, 'delivered to every member').toMatch(/delivered|read/);
      expect((await carl.post(`/api/messages/groups/${groupId}/read`, { upTo: carlsCopy.at(-1)!._id })).status).toBe(204);
      await polled(statusOfAnns, 'read by every member').toBe('read');
      await annsMessage.locator('p').first().click({ button: 'right' });
      await ann.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Message info' }).click();
      const info = ann.getByRole('dialog', { name: 'Message info' });
      await polled(
        () => info.getByRole('region', { name: 'Read by' }).getByRole('listitem').allTextContents(),
        'who read it, with when',
      ).toEqual(expect.arrayContaining([expect.stringMatching(/^Bob Groups\d/), expect.stringMatching(/^Carl Groups\d/)]));
      await run.shot(ann, 'group-message-info');
      await info.getByRole('button', { name: 'Close' }).click();

      // Who reacted, listed from its menu: Carl with ❤️, Bob with 👍.
      for (const [who, emoji] of [
        [carl, '❤️'],
        [bob, '👍'],
      ] as const) {
        const asked = carlsCopy.find((message) => message.text?.endsWith('who is coming on Saturday?'))!;
        expect((await who.post(`/api/messages/react/${asked._id}`, { emoji })).status).toBeLessThan(300);
      }
      await polled(() => annsMessage.getByTestId('message-reactions').getByRole('button').count(), 'both reactions under it').toBe(2);
      await annsMessage.locator('p').first().click({ button: 'right' });
      await ann.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Reactions', exact: true }).click();
      const reactions = ann.getByRole('dialog', { name: 'Reactions' });
      await polled(() => reactions.getByRole('listitem').allTextContents(), 'who reacted, with what').toEqual(
        expect.arrayContaining(['Bob Groups👍', 'Carl Groups❤️']),
      );
      await run.shot(ann, 'group-reactions');
      await reactions.getByRole('button', { name: 'Close' }).click();

      // Its address keeps it open across a reload; a person's conversation is a click away and the group stays in the list.
      await bobsPhone.reload();
      await polled(() => conversation(bobsPhone).getByText('Me! 🙋').count(), 'the group again after a reload').toBe(1);
      expect(new URL(bobsPhone.url()).pathname).toMatch(/^\/chat\/[0-9a-f-]{36}$/);
    });

    it('runs a group from its info: admins made, someone removed, an invite link opened by a newcomer, his message deleted by an admin, a member leaving and deleting it', async () => {
      const { alice, bob, aliceUser, bobUser } = await twoPeople(run.baseUrl, 'Crew');
      const carl = new ApiClient(run.baseUrl);
      const carlUser = await carl.signup('Carl Crew');
      // The messages service learns of a new account through the bus: a group names only people it knows.
      await alice.waitForContact(carlUser._id);
      const created = await alice.post('/api/messages/groups', { name: 'Crew', memberIds: [bobUser._id, carlUser._id] });
      expect(created.status).toBe(201);
      const groupId = (created.body as { _id: string })._id;
      const ann = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
      const bobsPhone = (await signedInPage(browser(), run.baseUrl, bob.cookie, PHONE)).page;
      await ann.goto(`/chat/${groupId}`);
      await bobsPhone.goto(`/chat/${groupId}`);
      const lastLine = (page: Page) => conversation(page).getByTestId('system-line').last();

      await ann.getByRole('button', { name: 'Group info' }).click();
      const info = ann.getByRole('complementary', { name: 'Group info' });
      await polled(() => info.getByTestId('group-member').count(), 'the three members').toBe(3);
      await info.getByRole('button', { name: /Bob Crew/ }).click();
      await info.getByRole('menu', { name: 'Actions for Bob Crew' }).getByRole('menuitem', { name: 'Make group admin' }).click();
      await polled(() => lastLine(bobsPhone).textContent(), 'Bob told he is an admin').toBe('Alice Crew made you an admin');
      // Removing someone asks first, as WhatsApp does.
      await info.getByRole('button', { name: /Carl Crew/ }).click();
      await info.getByRole('menu', { name: 'Actions for Carl Crew' }).getByRole('menuitem', { name: 'Remove Carl Crew' }).click();
      await ann.getByRole('dialog', { name: 'Remove Carl Crew from “Crew”?' }).getByRole('button', { name: 'Remove' }).click();
      await polled(() => info.getByTestId('group-member').count(), 'Carl gone from the members').toBe(2);
      await polled(() => lastLine(ann).textContent(), 'the removal said').toBe('You removed Carl Crew');

      await info.getByRole('button', { name: 'Invite via link' }).click();
      await polled(() => info.getByTestId('invite-link').inputValue(), 'the invite link').toMatch(/\/join\/[\w-]{22}$/);
      const invite = await info.getByTestId('invite-link').inputValue();
      const dan = new ApiClient(run.baseUrl);
      await dan.signup('Dan Crew');
      const dansPage = (await signedInPage(browser(), run.baseUrl, dan.cookie)).page;
      await dansPage.goto(new URL(invite).pathname);
      await polled(() => dansPage.getByRole('heading', { name: 'Crew' }).count(), 'the group open for the newcomer').toBe(1);
      expect(new URL(dansPage.url()).pathname).toBe(`/chat/${groupId}`);
      await polled(() => lastLine(ann).textContent(), 'his joining told').toBe('Dan Crew joined using the invite link');

      // An admin deletes another's message for everyone: each member sees who may have.
      expect((await dan.post(`/api/messages/groups/${groupId}/send`, { text: 'Buy cheap watches' })).status).toBe(201);
      await ann.keyboard.press('Escape');
      await polled(() => info.count(), 'the group’s info closed').toBe(0);
      const spam = conversation(ann).getByTestId('chat-message').filter({ hasText: 'Buy cheap watches' });
      await spam.hover();
      await spam.getByRole('button', { name: 'Delete message' }).click();
      await ann.getByRole('dialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete for everyone' }).click();
      for (const page of [ann, bobsPhone]) {
        await polled(() => conversation(page).getByText('This message was deleted by an admin').count(), 'the admin’s deletion shown').toBe(
          1,
        );
      }

      // Dan mutes it from its menu, as any conversation: his row says so.
      await dansPage.getByRole('button', { name: 'Conversation menu' }).click();
      await dansPage.getByRole('menu', { name: 'Conversation actions' }).getByRole('menuitem', { name: 'Mute notifications' }).click();
      await dansPage.getByRole('menu', { name: 'Mute notifications for' }).getByRole('menuitem', { name: '8 hours' }).click();
      const dansRow = dansPage.getByTestId('group-row').filter({ hasText: 'Crew' });
      await polled(() => dansRow.getByRole('img', { name: 'Muted' }).count(), 'the group muted in his list').toBe(1);
      // Shown at once, as the app does; kept with his account once the server has it.
      await polled(
        async () => ((await dan.get('/api/messages/mutes')).body as { userId: string }[]).map((mute) => mute.userId),
        'the mute kept on the server',
      ).toEqual([groupId]);

      // A member's row in the info is the way to write to them; he is no admin, so that is all it offers.
      await dansPage.getByRole('button', { name: 'Group info' }).click();
      const dansInfo = dansPage.getByRole('complementary', { name: 'Group info' });
      await dansInfo.getByRole('button', { name: /Alice Crew/ }).click();
      const aliceMenu = dansInfo.getByRole('menu', { name: 'Actions for Alice Crew' });
      expect(await aliceMenu.getByRole('menuitem').allTextContents()).toEqual(['Message Alice Crew']);
      // Escape closes the menu alone, not the info it is open in.
      await dansPage.keyboard.press('Escape');
      await polled(() => aliceMenu.count(), 'the menu closed').toBe(0);
      expect(await dansInfo.count()).toBe(1);
      await dansInfo.getByRole('button', { name: /Alice Crew/ }).click();
      await aliceMenu.getByRole('menuitem', { name: 'Message Alice Crew' }).click();
      await polled(() => new URL(dansPage.url()).pathname, 'Alice’s conversation open').toBe(`/chat/${aliceUser._id}`);
      await polled(() => dansInfo.count(), 'the group’s info gone with the group').toBe(0);

      // On a phone the group's info opens with a tap on its name, as in WhatsApp.
      await bobsPhone.getByRole('heading', { name: 'Crew' }).tap();
      const bobsInfo = bobsPhone.getByRole('complementary', { name: 'Group info' });
      await bobsInfo.getByRole('button', { name: 'Exit group' }).click();
      await bobsPhone.getByRole('dialog', { name: 'Exit “Crew”?' }).getByRole('button', { name: 'Exit group' }).click();
      await polled(() => lastLine(ann).textContent(), 'Bob’s leaving told').toBe('Bob Crew left');
      // Out of it, his info offers to delete it in place of exiting.
      await polled(() => bobsInfo.getByRole('button', { name: 'Delete group' }).count(), 'Delete group offered').toBe(1);
      await polled(() => bobsPhone.getByRole('dialog').count(), 'the question gone').toBe(0);
      await bobsPhone.keyboard.press('Escape');
      await polled(() => bobsInfo.count(), 'his group info closed').toBe(0);
      await polled(
        () => bobsPhone.getByText('You can’t send messages to this group because you’re no longer a member').count(),
        'Bob’s box gone, with why',
      ).toBe(1);
      // Out of it, he deletes it from his list, as WhatsApp's "Delete group".
      await bobsPhone.getByRole('button', { name: 'Conversation menu' }).click();
      await bobsPhone.getByRole('menu', { name: 'Conversation actions' }).getByRole('menuitem', { name: 'Delete group' }).click();
      await bobsPhone.getByRole('dialog', { name: 'Delete “Crew”?' }).getByRole('button', { name: 'Delete group' }).click();
      await polled(() => new URL(bobsPhone.url()).pathname, 'back to his chats').toBe('/');
      await polled(() => bobsPhone.getByTestId('group-row').count(), 'the group gone from his list').toBe(0);
      await run.shot(ann, 'group-info');
    });
  });
});
