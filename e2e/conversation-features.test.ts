import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pngBytes, toDataUrl } from '#test-support';
import { announcement, chooseInConversationMenu, conversation, PHONE, polled, sharedBrowser, signedInPage } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded } from './targets.js';

const browser = sharedBrowser();

// What the web app alone decides looks the same whichever deployment serves it: checked once, on
// the embedded mode. (Edits, deletions, replies, reactions and blocks reach both people across
// replicas in cluster.test.ts; a deleted account crosses services there too.)
describeOnEmbedded((run) => {
  describe('a conversation’s features in the browser, continued: menus, replies, blocks, the profile, search', () => {
    it('opens a message’s menu with a right-click, and on a phone with a long-press; a swipe to the right answers it', async () => {
      const { alice, bobUser, send } = await twoPeople(run.baseUrl, 'Gestures');
      await send(alice, bobUser._id, 'Lunch at noon?');
      await send(alice, bobUser._id, 'Or at one');
      const message = (page: Page, text: string) => conversation(page).getByTestId('chat-message').filter({ hasText: text });
      const menu = (page: Page) => page.getByRole('menu', { name: 'Message actions' });

      const laptop = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
      await laptop.goto(`/chat/${bobUser._id}`);
      await message(laptop, 'Lunch at noon?').locator('p').click({ button: 'right' });
      await polled(() => menu(laptop).getByRole('menuitem').allTextContents(), 'the menu beside the pointer').toEqual(
        expect.arrayContaining(['Reply', 'Copy text', 'Forward', 'Star message', 'Edit message', 'Delete message']),
      );
      await run.shot(laptop, 'message-menu');
      await menu(laptop).getByRole('menuitem', { name: 'React 👍' }).click();
      await polled(() => message(laptop, 'Lunch at noon?').getByRole('button', { name: /👍/ }).count(), 'the reaction from the menu').toBe(
        1,
      );
      expect(await menu(laptop).count(), 'the menu closed by the choice').toBe(0);

      const { page: phone } = await signedInPage(browser(), run.baseUrl, alice.cookie, PHONE);
      await phone.goto(`/chat/${bobUser._id}`);
      const touch = await phone.context().newCDPSession(phone);
      const box = (await message(phone, 'Or at one').locator('p').boundingBox())!;
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      await polled(() => menu(phone).isVisible(), 'the menu, as a sheet, while the finger rests').toBe(true);
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const sheet = (await menu(phone).boundingBox())!;
      expect([sheet.width, Math.round(sheet.y + sheet.height)], 'a sheet across the bottom of the screen').toEqual([390, 844]);
      await run.shot(phone, 'message-menu-phone');
      await menu(phone).getByRole('menuitem', { name: 'Reply' }).tap();
      await polled(() => phone.getByTestId('reply-bar').textContent(), 'answering from the sheet').toContain('Or at one');
      await phone.getByRole('button', { name: 'Cancel reply' }).tap();

      // A swipe is quicker than a long-press: its touches in one go, however busy the machine.
      await message(phone, 'Or at one')
        .locator('p')
        .evaluate((bubble, { x, y }) => {
          const touchAt = (dx: number) => new Touch({ identifier: 1, target: bubble, clientX: x + dx, clientY: y });
          const send = (type: string, dx: number) => {
            const touches = type === 'touchend' ? [] : [touchAt(dx)];
            bubble.dispatchEvent(new TouchEvent(type, { bubbles: true, cancelable: true, touches, changedTouches: [touchAt(dx)] }));
          };
          for (const [type, dx] of [
            ['touchstart', 0],
            ['touchmove', 40],
            ['touchmove', 90],
            ['touchend', 90],
          ] as const)
            send(type, dx);
        }, at);
      await polled(() => phone.getByTestId('reply-bar').textContent(), 'answering by a swipe').toContain('Or at one');
    });

    it('pins a message for both of us: a banner over the chat on each side, live; a tap on it goes to the message; either unpins it', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Pins');
      await send(alice, bobUser._id, 'The address: 12 Ridge Road');
      for (let i = 1; i <= 30; i++) await send(bob, aliceUser._id, `Chatter number ${i}`);
      const laptop = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
      const phone = (await signedInPage(browser(), run.baseUrl, bob.cookie, PHONE)).page;
      await laptop.goto(`/chat/${bobUser._id}`);
      await phone.goto(`/chat/${aliceUser._id}`);
      const address = (page: Page) => conversation(page).getByTestId('chat-message').filter({ hasText: '12 Ridge Road' });
      const banner = (page: Page) => page.getByTestId('pinned-banner');
      await polled(() => conversation(phone).getByText('Chatter number 30').count(), 'the chat on the phone').toBe(1);

      await address(laptop).locator('p').click({ button: 'right' });
      await laptop.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: 'Pin message' }).click();
      for (const page of [laptop, phone]) {
        await polled(() => banner(page).textContent(), 'the pin over the chat').toContain('Pinned message');
        expect(await banner(page).textContent()).toContain('The address: 12 Ridge Road');
      }
      await run.shot(phone, 'pinned-message-phone');

      // On the phone the message is far up the chat: a tap on the banner brings it into view.
      const inView = () =>
        address(phone).evaluate((bubble) => bubble.getBoundingClientRect().top >= 0 && bubble.getBoundingClientRect().bottom <= 844);
      expect(await inView()).toBe(false);
      await banner(phone)
        .getByRole('button', { name: /The address/ })
        .tap();
      await polled(inView, 'the pinned message scrolled into view').toBe(true);

      await banner(phone).getByRole('button', { name: 'Unpin message' }).tap();
      for (const page of [phone, laptop]) await polled(() => banner(page).count(), 'the pin gone on both sides').toBe(0);
    });

    it('replies and reacts: both see the quote and the reaction live, and a quote leads to the message it answers', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Replies');
      const question = await alice.post(`/api/messages/send/${bobUser._id}`, { text: 'Are you coming on Friday?' });
      // More than a page after it: the question is not among what a conversation opens with.
      for (let i = 1; i <= 50; i++) await send(alice, bobUser._id, `filler ${i}`);
      const answer = await bob.post(`/api/messages/send/${aliceUser._id}`, {
        text: 'Yes, with Cat',
        replyTo: (question.body as { _id: string })._id,
      });
      expect(answer.status).toBe(201);
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Replies/ }).click();
      await ben.page.getByRole('button', { name: /Alice Replies/ }).click();

      const quote = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'Yes, with Cat' }).getByTestId('quoted-message');
      await polled(() => quote.textContent(), 'the reply’s quote').toBe('In reply to YouAre you coming on Friday?');
      const original = conversation(ann.page)
        .getByTestId('chat-message')
        .filter({ hasText: 'Are you coming on Friday?' })
        .filter({ hasNot: ann.page.getByTestId('quoted-message') });
      expect(await original.count(), 'the question not loaded yet').toBe(0);
      await quote.click();
      await polled(() => original.isVisible(), 'the question, loaded and shown').toBe(true);
      const [shown, list] = [await original.boundingBox(), await conversation(ann.page).boundingBox()];
      expect(shown!.y >= list!.y && shown!.y + shown!.height <= list!.y + list!.height, 'scrolled into view').toBe(true);
      await run.shot(ann.page, 'reply-jumped-to-original');

      const last = conversation(ben.page).getByTestId('chat-message').filter({ hasText: 'filler 50' });
      await last.hover();
      await last.getByRole('button', { name: 'Reply' }).click();
      const bar = ben.page.getByTestId('reply-bar');
      await polled(() => bar.textContent(), 'the reply bar').toBe('Replying to Alice Repliesfiller 50');
      const newest = conversation(ben.page).getByTestId('chat-message').last();
      await polled(async () => {
        const [box, area] = [await newest.boundingBox(), await conversation(ben.page).boundingBox()];
        return box!.y + box!.height <= area!.y + area!.height + 1;
      }, 'the latest message still in view above the reply bar').toBe(true);
      await run.shot(ben.page, 'replying');
      await ben.page.getByPlaceholder('Type a message...').fill('Noted!');
      await ben.page.keyboard.press('Enter');
      for (const { page } of [ann, ben]) {
        const reply = conversation(page).getByTestId('chat-message').filter({ hasText: 'Noted!' });
        await polled(() => reply.getByTestId('quoted-message').textContent(), 'the new reply’s quote').toMatch(/filler 50$/);
      }
      expect(await bar.count(), 'the reply bar gone once sent').toBe(0);

      const noted = (page: Page) => conversation(page).getByTestId('chat-message').filter({ hasText: 'Noted!' });
      await noted(ann.page).hover();
      await noted(ann.page).getByRole('button', { name: 'React' }).click();
      await run.shot(ann.page, 'reaction-picker');
      await ann.page.getByRole('dialog', { name: 'React to message' }).getByRole('button', { name: 'React 👍' }).click();
      await polled(() => noted(ann.page).getByRole('button', { name: '👍 from You' }).count(), 'my reaction').toBe(1);
      await polled(() => noted(ben.page).getByRole('button', { name: '👍 from Alice Replies' }).count(), 'her reaction, live').toBe(1);
      await noted(ben.page).getByRole('button', { name: '👍 from Alice Replies' }).click();
      for (const { page } of [ann, ben]) {
        await polled(() => noted(page).getByTestId('message-reactions').textContent(), 'two 👍').toBe('👍2');
      }
      await run.shot(ben.page, 'reactions');
    });

    it('blocks a contact: they cannot message me nor see me online, and I see “Unblock” instead of the input', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Blocks');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Blocks/ }).click();
      await ben.page.getByRole('button', { name: /Alice Blocks/ }).click();
      const status = (page: Page) => page.getByTestId('chat-status').textContent();
      await polled(() => status(ben.page), 'Alice shown online to Bob').toBe('Online');

      await chooseInConversationMenu(ann.page, 'Block contact');
      const dialog = ann.page.getByRole('dialog', { name: 'Block Bob Blocks?' });
      await run.shot(ann.page, 'block-confirm');
      await dialog.getByRole('button', { name: 'Block' }).click();
      await polled(() => ann.page.getByText('You blocked this contact').isVisible(), 'the blocked bar').toBe(true);
      expect(await ann.page.getByPlaceholder('Type a message...').count(), 'no input while blocked').toBe(0);
      const blockedMark = ann.page.getByRole('button', { name: /Bob Blocks/ }).getByRole('img', { name: 'Blocked' });
      await polled(() => blockedMark.count(), 'Bob marked blocked in her list').toBe(1);
      // As if she went offline: the block itself is not shown to him.
      await polled(() => status(ben.page), 'Alice no longer online to Bob').not.toBe('Online');
      await run.shot(ann.page, 'blocked-contact');

      await ben.page.getByPlaceholder('Type a message...').fill('Are you there?');
      await ben.page.keyboard.press('Enter');
      const refused = conversation(ben.page).getByTestId('chat-message').filter({ hasText: 'Are you there?' });
      await polled(() => refused.getByText('Not sent —').count(), 'Bob’s message refused').toBe(1);
      await polled(() => ben.page.getByText('This contact is not accepting your messages').count(), 'the reason, told').toBeGreaterThan(0);

      await ann.page.getByRole('link', { name: 'Settings' }).click();
      const unblock = ann.page.getByRole('button', { name: 'Unblock Bob Blocks' });
      await unblock.scrollIntoViewIfNeeded();
      await run.shot(ann.page, 'blocked-contacts-settings');
      await unblock.click();
      await polled(() => ann.page.getByText('Nobody is blocked').isVisible(), 'the list empty').toBe(true);
      await ann.page.goBack();
      await polled(() => ann.page.getByPlaceholder('Type a message...').count(), 'the input back').toBe(1);
      await polled(() => status(ben.page), 'Alice online to Bob again').toBe('Online');
      await refused.getByRole('button', { name: 'Retry' }).click();
      const arrived = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'Are you there?' });
      await polled(() => arrived.count(), 'Bob’s retried message at Alice’s').toBe(1);
    });

    it('writes an “About” on the profile that the other person reads in my contact info, and removes my photo', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'About');
      expect((await alice.put('/api/auth/update-profile', { profilePic: toDataUrl(await pngBytes(64, 64), 'image/png') })).status).toBe(
        200,
      );
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/profile');
      await polled(() => ann.page.getByTestId('profile-about').textContent(), 'no “About” yet').toBe('Add a few words about yourself');
      await ann.page.getByRole('button', { name: 'Edit about' }).click();
      await ann.page.getByRole('textbox', { name: 'About' }).fill('Out hiking until Sunday 🏔️');
      await run.shot(ann.page, 'profile-about-editing');
      await ann.page.keyboard.press('Enter');
      await polled(() => ann.page.getByTestId('profile-about').textContent(), 'the “About” kept').toBe('Out hiking until Sunday 🏔️');
      await polled(() => announcement(ann.page, 'About updated').count(), 'the change told').toBe(1);

      // Bob has her on screen while she removes her photo: his list follows at once, without a reload.
      await ben.page.goto('/');
      const inBobsList = ben.page
        .getByRole('button', { name: /Alice About/ })
        .locator('img')
        .first();
      await polled(() => inBobsList.getAttribute('src'), 'her photo in Bob’s list').toMatch(/^\/api\/media\/avatars\//);
      // Online in his list: his socket watches her (the change would otherwise pass before it does).
      await polled(() => ben.page.getByRole('button', { name: /Alice About/ }).textContent(), 'her presence in Bob’s list').toContain(
        'Online',
      );
      const avatar = ann.page.getByRole('link', { name: 'Profile' }).locator('img');
      expect(await avatar.getAttribute('src')).toMatch(/^\/api\/media\/avatars\//);
      await ann.page.getByRole('button', { name: 'Remove photo' }).click();
      await polled(() => avatar.getAttribute('src'), 'the default avatar in the top bar').toBe('/avatar.png');
      await polled(() => ann.page.getByRole('button', { name: 'Remove photo' }).count(), 'nothing left to remove').toBe(0);
      await run.shot(ann.page, 'profile-about');
      await polled(() => inBobsList.getAttribute('src'), 'the default avatar in Bob’s list, live').toBe('/avatar.png');

      await ben.page.getByRole('button', { name: /Alice About/ }).click();
      await ben.page.getByRole('heading', { name: 'Alice About' }).click();
      const about = ben.page.getByRole('complementary', { name: 'Contact info' }).getByRole('region', { name: 'About' });
      await polled(() => about.textContent(), 'her “About” in her contact info').toContain('Out hiking until Sunday 🏔️');
      await run.shot(ben.page, 'contact-info-about');
    });

    it('exports my data, then deletes my account from the profile with my password: the other person sees our conversation with “Deleted user”', async () => {
      const { alice, bob, send, bobUser } = await twoPeople(run.baseUrl, 'Leaving');
      await send(alice, bobUser._id, 'It was nice talking to you');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/profile');
      // Bob has their conversation open while she leaves (his socket watching her, as her presence shows).
      await ben.page.goto('/');
      await polled(() => ben.page.getByRole('button', { name: /Alice Leaving/ }).textContent(), 'her online in Bob’s list').toContain(
        'Online',
      );
      await ben.page.getByRole('button', { name: /Alice Leaving/ }).click();
      const download = ann.page.waitForEvent('download');
      await ann.page.getByRole('link', { name: 'Export my data' }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toMatch(/^chat-io-export-.+\.zip$/);
      const files = unzipSync(new Uint8Array(await readFile(await saved.path())));
      expect(strFromU8(files[`conversations/${bobUser._id}.json`]!)).toContain('It was nice talking to you');

      await ann.page.getByRole('button', { name: 'Delete account' }).scrollIntoViewIfNeeded();
      await run.shot(ann.page, 'profile-export-and-delete');
      await ann.page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = ann.page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await polled(() => announcement(ann.page, 'Incorrect password').count(), 'the wrong password refused').toBe(1);
      await dialog.getByLabel('Password', { exact: true }).fill('secret123');
      await run.shot(ann.page, 'delete-account');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await ann.page.waitForURL('**/login');
      await polled(() => announcement(ann.page, 'Your account has been deleted').count(), 'the deletion told').toBe(1);

      // At once, without a reload: the conversation closes, her name is gone.
      await polled(() => ben.page.getByText('This account was deleted').isVisible(), 'no input, and why, live').toBe(true);
      await polled(() => ben.page.getByRole('button', { name: /Deleted user/ }).count(), 'her row as “Deleted user”, live').toBe(1);
      expect(await conversation(ben.page).getByText('It was nice talking to you').count(), 'her words kept').toBe(1);
      await ben.page.reload();
      await ben.page.getByRole('button', { name: /Deleted user/ }).click();
      await polled(() => conversation(ben.page).getByText('It was nice talking to you').count(), 'her words kept after a reload').toBe(1);
      await polled(() => ben.page.getByText('This account was deleted').isVisible(), 'no input, and why').toBe(true);
      await run.shot(ben.page, 'conversation-with-deleted-user');
    });

    it('finds messages from the search box, words marked, and opens the conversation at the one clicked', async () => {
      const { alice, bob, bobUser, send } = await twoPeople(run.baseUrl, 'Searches');
      await send(alice, bobUser._id, 'The meeting moved to noon on Thursday');
      for (let i = 1; i <= 55; i++) await send(alice, bobUser._id, `later ${i}`);
      await send(alice, bobUser._id, 'no meeting today');
      const ben = await signedInPage(browser(), run.baseUrl, bob.cookie);
      await ben.page.goto('/');
      await ben.page.getByPlaceholder('Search contacts').fill('meet noon');
      const results = ben.page.getByTestId('message-result');
      await polled(() => results.count(), 'one message with both words').toBe(1);
      expect(await results.locator('mark').allTextContents()).toEqual(['meeting', 'noon']);
      await run.shot(ben.page, 'message-search');
      await results.click();
      const found = conversation(ben.page).getByTestId('chat-message').filter({ hasText: 'The meeting moved to noon on Thursday' });
      await polled(() => found.isVisible(), 'the message found, loaded from an older page and shown').toBe(true);
      const [shown, list] = [await found.boundingBox(), await conversation(ben.page).boundingBox()];
      expect(shown!.y >= list!.y && shown!.y + shown!.height <= list!.y + list!.height, 'scrolled into view').toBe(true);
      expect(await alice.get('/api/messages/search?q=meet').then((response) => (response.body as unknown[]).length)).toBe(2);

      // Within the conversation: the newest match first, then older ones with Enter, the words marked.
      await ben.page.getByRole('button', { name: 'Search in this conversation' }).click();
      await ben.page.getByRole('searchbox', { name: 'Search in this conversation' }).fill('meeting');
      const position = ben.page.getByTestId('search-position');
      await polled(() => position.textContent(), 'the newest of two matches').toBe('1 of 2');
      const newest = conversation(ben.page).getByTestId('chat-message').filter({ hasText: 'no meeting today' });
      expect(await newest.locator('mark').allTextContents()).toEqual(['meeting']);
      await ben.page.keyboard.press('Enter');
      await polled(() => position.textContent(), 'the older match').toBe('2 of 2');
      await polled(() => found.isVisible(), 'the older match shown').toBe(true);
      await run.shot(ben.page, 'conversation-search');
      await ben.page.keyboard.press('Escape');
      await polled(() => position.count(), 'the search closed by Escape').toBe(0);

      // The sidebar's results come a page at a time.
      await ben.page.getByPlaceholder('Search contacts').fill('later');
      await polled(() => results.count(), 'a first page of results').toBe(50);
      await ben.page.getByRole('button', { name: 'More messages' }).click();
      await polled(() => results.count(), 'the rest, after More').toBe(55);
      expect(await ben.page.getByRole('button', { name: 'More messages' }).count(), 'nothing more to load').toBe(0);
    });

    it('finds and stars a group’s messages: listed under the group’s name with who said them, opened in the group, searched within it; its links and picture in its info', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Finds');
      const created = await alice.post('/api/messages/groups', { name: 'Trip planners', memberIds: [bobUser._id] });
      expect(created.status).toBe(201);
      const groupId = (created.body as { _id: string })._id;
      const say = async (text: string) => expect((await alice.post(`/api/messages/groups/${groupId}/send`, { text })).status).toBe(201);
      await say('The train leaves at 7:40');
      await say('Tickets: https://example.com/trip');
      for (let n = 1; n <= 12; n++) await say(`Packing list ${n}`);
      await say('No train back on Sunday');
      const ben = (await signedInPage(browser(), run.baseUrl, bob.cookie)).page;
      await ben.goto('/');
      await ben.getByPlaceholder('Search contacts').fill('train');
      const results = ben.getByTestId('message-result');
      await polled(() => results.allTextContents(), 'both, newest first, under the group’s name with who said them').toEqual([
        expect.stringMatching(/^Trip planners.*Alice Finds: No train back on Sunday/),
        expect.stringMatching(/^Trip planners.*Alice Finds: The train leaves at 7:40/),
      ]);
      await run.shot(ben, 'message-search-group');
      await results.nth(1).click();
      const leaves = conversation(ben).getByTestId('chat-message').filter({ hasText: 'The train leaves at 7:40' });
      await polled(() => leaves.isVisible(), 'the group open at the message').toBe(true);
      expect(await ben.locator('h3', { hasText: 'Trip planners' }).count(), 'the group’s header').toBe(1);

      await ben.getByRole('button', { name: 'Search in this conversation' }).click();
      await ben.getByRole('searchbox', { name: 'Search in this conversation' }).fill('train');
      await polled(() => ben.getByTestId('search-position').textContent(), 'the newest of two matches in the group').toBe('1 of 2');
      await ben.keyboard.press('Escape');

      await leaves.hover();
      await leaves.getByRole('button', { name: 'Star message' }).click();
      await polled(() => leaves.getByRole('img', { name: 'Starred' }).count(), 'the star on the group’s message').toBe(1);
      await ben.getByRole('button', { name: 'Close chat' }).click();
      await ben.getByPlaceholder('Search contacts').fill('');
      await ben.getByRole('button', { name: 'Starred messages' }).click();
      const starred = ben.getByRole('region', { name: 'Starred messages' }).getByTestId('message-result');
      await polled(() => starred.allTextContents(), 'listed under the group’s name').toEqual([
        expect.stringMatching(/^Trip planners.*Alice Finds: The train leaves at 7:40/),
      ]);
      await run.shot(ben, 'starred-messages-group');
      await starred.click();
      await polled(() => leaves.isVisible(), 'the group open at the starred message').toBe(true);

      await ben.getByRole('button', { name: 'Group info' }).click();
      await ben.getByRole('tab', { name: 'Links' }).click();
      await polled(() => ben.getByRole('tabpanel').textContent(), 'the group’s links in its info').toContain('https://example.com/trip');
      await run.shot(ben, 'group-info-links');
      await ben.getByRole('button', { name: 'Show in chat' }).click();
      const tickets = conversation(ben).getByTestId('chat-message').filter({ hasText: 'Tickets:' });
      await polled(() => tickets.isVisible(), 'the message shown in the group, the info closed').toBe(true);

      // Any member gives the group a picture while only admins are not asked to: every member sees it.
      await ben.getByRole('button', { name: 'Group info' }).click();
      const info = ben.getByRole('complementary', { name: 'Group info' });
      await info.locator('input[type=file]').setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: await pngBytes() });
      await polled(() => conversation(ben).getByText('You changed the group’s picture').count(), 'the line in the group').toBe(1);
      const headerPicture = ben.locator('img[alt="Trip planners"]').first();
      await polled(() => headerPicture.getAttribute('src'), 'the picture wherever the group is').toMatch(/^\/api\/media\/groups\//);
      const groups = (await alice.get('/api/messages/groups')).body as { group: { picture: string } }[];
      expect(groups[0]?.group.picture, 'Alice’s list has it too').toMatch(/^\/api\/media\/groups\//);
      await run.shot(ben, 'group-info-picture');
      await info.getByRole('button', { name: 'Remove group picture' }).click();
      await polled(() => conversation(ben).getByText('You removed the group’s picture').count(), 'removed, said in the group').toBe(1);
      await polled(() => info.getByRole('button', { name: 'Remove group picture' }).count(), 'nothing left to remove').toBe(0);
    });
  });
});
