import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, connected, noisyPngBytes, openSocket, pngBytes, toDataUrl } from '#test-support';
import { conversation, newUserPage, polled, sharedBrowser, signedInPage, signUp } from './browser.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded } from './targets.js';

const browser = sharedBrowser();
const stamp = Date.now();

const ANIMATION = '[aria-hidden="true"] > svg';

/** How many different pictures the animation showed over the page's next `frames` painted frames. */
const framesDrawnDifferently = (page: Page, frames: number) =>
  page.evaluate(
    async ({ selector, count }) => {
      const pictures = new Set<string>();
      for (let frame = 0; frame < count; frame++) {
        pictures.add(document.querySelector(selector)?.innerHTML ?? '');
        await new Promise((painted) => requestAnimationFrame(painted));
      }
      return pictures.size;
    },
    { selector: ANIMATION, count: frames },
  );

// What the web app alone decides looks the same whichever deployment serves it: checked once, on
// the embedded mode. (Edits, deletions, replies, reactions and blocks reach both people across
// replicas in cluster.test.ts; a deleted account crosses services there too.)
describeOnEmbedded((run) => {
  describe('a conversation’s features in the browser', () => {
    it('edits a sent message: both people see the new text marked “edited”', async () => {
      const { alice, bob } = await twoPeople(run.baseUrl, 'Edits');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Edits/ }).click();
      await ben.page.getByRole('button', { name: /Alice Edits/ }).click();
      await ann.page.getByPlaceholder('Type a message...').fill('See you at 5');
      await ann.page.keyboard.press('Enter');
      await polled(() => conversation(ben.page).getByText('See you at 5').count(), 'the message on Bob’s screen').toBe(1);

      const mine = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'See you at 5' });
      await mine.hover();
      await mine.getByRole('button', { name: 'Edit message' }).click();
      await polled(() => ann.page.getByText('Editing message').count(), 'the editing bar').toBe(1);
      await run.shot(ann.page, 'message-editing');
      const input = ann.page.getByPlaceholder('Type a message...');
      expect(await input.inputValue()).toBe('See you at 5');
      await input.fill('See you at 6');
      await ann.page.keyboard.press('Enter');
      for (const { page } of [ann, ben]) {
        const edited = conversation(page).getByTestId('chat-message').filter({ hasText: 'See you at 6' });
        await polled(() => edited.getByText('edited', { exact: true }).count(), 'the new text, marked edited').toBe(1);
        expect(await conversation(page).getByText('See you at 5').count()).toBe(0);
      }
      // Typing notices travel straight through the gateway, ahead of the edit: one would show by now.
      expect(await ben.page.getByText('typing…').count(), 'no “typing…” for an edit').toBe(0);
      await polled(() => ann.page.getByText('Editing message').count(), 'the editing bar gone').toBe(0);
      await run.shot(ben.page, 'message-edited');

      const mineEdited = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'See you at 6' });
      await mineEdited.hover();
      await mineEdited.getByRole('button', { name: 'Edit message' }).click();
      await polled(() => input.inputValue(), 'the text to edit again').toBe('See you at 6');
      await ann.page.keyboard.press('Escape');
      await polled(() => ann.page.getByText('Editing message').count(), 'editing given up with Escape').toBe(0);
      expect(await input.inputValue()).toBe('');
    });

    it('deletes a message for everyone: both see “This message was deleted”, and its image is gone', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Deletes');
      const sent = await alice.post(`/api/messages/send/${bobUser._id}`, { text: 'wrong chat', image: toDataUrl(await pngBytes(80, 60), 'image/png') });
      expect(sent.status).toBe(201);
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Deletes/ }).click();
      await ben.page.getByRole('button', { name: /Alice Deletes/ }).click();
      await polled(() => conversation(ben.page).getByText('wrong chat').count(), 'the message on Bob’s screen').toBe(1);

      const mine = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'wrong chat' });
      await mine.hover();
      await mine.getByRole('button', { name: 'Delete message' }).click();
      const confirm = ann.page.getByRole('dialog', { name: 'Delete message?' });
      await polled(() => confirm.isVisible(), 'the confirmation').toBe(true);
      await run.shot(ann.page, 'message-delete-confirm');
      await confirm.getByRole('button', { name: 'Delete for everyone' }).click();
      for (const { page } of [ann, ben]) {
        await polled(() => conversation(page).getByText('This message was deleted').count(), 'the tombstone').toBe(1);
        expect(await conversation(page).getByText('wrong chat').count()).toBe(0);
        expect(await conversation(page).getByAltText('Attachment').count()).toBe(0);
      }
      await polled(() => ben.page.getByRole('button', { name: /Alice Deletes/ }).textContent(), 'the row’s preview').toContain('This message was deleted');
      await run.shot(ben.page, 'message-deleted');
      expect((await bob.get((sent.body as { image: string }).image)).status, 'the image’s URL').toBe(404);
    });

    it('replies and reacts: both see the quote and the reaction live, and a quote leads to the message it answers', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Replies');
      const question = await alice.post(`/api/messages/send/${bobUser._id}`, { text: 'Are you coming on Friday?' });
      // More than a page after it: the question is not among what a conversation opens with.
      for (let i = 1; i <= 50; i++) await send(alice, bobUser._id, `filler ${i}`);
      const answer = await bob.post(`/api/messages/send/${aliceUser._id}`, { text: 'Yes, with Cat', replyTo: (question.body as { _id: string })._id });
      expect(answer.status).toBe(201);
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/');
      await ben.page.goto('/');
      await ann.page.getByRole('button', { name: /Bob Replies/ }).click();
      await ben.page.getByRole('button', { name: /Alice Replies/ }).click();

      const quote = conversation(ann.page).getByTestId('chat-message').filter({ hasText: 'Yes, with Cat' }).getByTestId('quoted-message');
      await polled(() => quote.textContent(), 'the reply’s quote').toBe('YouAre you coming on Friday?');
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

      await ann.page.getByRole('button', { name: 'Block contact' }).click();
      const dialog = ann.page.getByRole('dialog', { name: 'Block Bob Blocks?' });
      await run.shot(ann.page, 'block-confirm');
      await dialog.getByRole('button', { name: 'Block' }).click();
      await polled(() => ann.page.getByText('You blocked this contact').isVisible(), 'the blocked bar').toBe(true);
      expect(await ann.page.getByPlaceholder('Type a message...').count(), 'no input while blocked').toBe(0);
      await polled(() => status(ben.page), 'Alice no longer online to Bob, and no last seen either').toBe('Offline');
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

    it('exports my data, then deletes my account from the profile with my password: the other person sees our conversation with “Deleted user”', async () => {
      const { alice, bob, send, bobUser } = await twoPeople(run.baseUrl, 'Leaving');
      await send(alice, bobUser._id, 'It was nice talking to you');
      const [ann, ben] = [await signedInPage(browser(), run.baseUrl, alice.cookie), await signedInPage(browser(), run.baseUrl, bob.cookie)];
      await ann.page.goto('/profile');
      const download = ann.page.waitForEvent('download');
      await ann.page.getByRole('link', { name: 'Export my data' }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toMatch(/^chat-io-export-.+\.zip$/);
      const files = unzipSync(new Uint8Array(await readFile((await saved.path())!)));
      expect(strFromU8(files[`conversations/${bobUser._id}.json`]!)).toContain('It was nice talking to you');

      await ann.page.getByRole('button', { name: 'Delete account' }).scrollIntoViewIfNeeded();
      await run.shot(ann.page, 'profile-export-and-delete');
      await ann.page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = ann.page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await polled(() => ann.page.getByText('Incorrect password').count(), 'the wrong password refused').toBe(1);
      await dialog.getByLabel('Password', { exact: true }).fill('secret123');
      await run.shot(ann.page, 'delete-account');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await ann.page.waitForURL('**/login');
      await polled(() => ann.page.getByText('Your account has been deleted').count(), 'the deletion told').toBe(1);

      await ben.page.goto('/');
      await ben.page.getByRole('button', { name: /Deleted user/ }).click();
      await polled(() => conversation(ben.page).getByText('It was nice talking to you').count(), 'her words kept').toBe(1);
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

    it('shows live presence for the people a contact search found, watching only them', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Watched');
      const ann = await signedInPage(browser(), run.baseUrl, alice.cookie);
      const watches: string[] = [];
      ann.page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => void watches.push(String(payload))));
      await ann.page.goto('/');
      await ann.page.getByPlaceholder('Search contacts').fill('Bob Watched');
      const bobRow = ann.page.getByRole('list').getByRole('button', { name: /Bob Watched/ });
      await polled(() => bobRow.textContent(), 'Bob found, offline').toContain('Offline');
      await polled(() => watches.some((frame) => frame.includes('"watchPresence"') && frame.includes(bobUser._id)), 'a watch of Bob').toBe(true);

      const bobsSocket = await connected(openSocket(run.baseUrl, { cookie: bob.cookie, userId: bobUser._id }));
      await polled(() => bobRow.textContent(), 'Bob online, live').toContain('Online');
      await run.shot(ann.page, 'presence-of-search-results');
      bobsSocket.disconnect();
      await polled(() => bobRow.textContent(), 'Bob offline again').toContain('Offline');
    });

    it('asks the server for those online when “Show online only” is ticked; who comes online shows up, who leaves goes', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Filtered');
      const carl = new ApiClient(run.baseUrl);
      const carlUser = await carl.signup('Carl Filtered');
      await alice.waitForContact(carlUser._id);
      const bobsSocket = await connected(openSocket(run.baseUrl, { cookie: bob.cookie, userId: bobUser._id }));
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      const rows = page.getByRole('list').getByRole('button', { name: /Filtered/ });
      await polled(() => rows.count(), 'Bob and Carl listed').toBe(2);
      const onlineFound = async () => ((await alice.get('/api/messages/users?online=true&q=filtered')).body as { _id: string }[]).map((entry) => entry._id);
      await polled(onlineFound, 'the server lists Bob online').toEqual([bobUser._id]);
      const answered = page.waitForResponse((response) => response.url().includes('/api/messages/users?online=true'));
      await page.getByLabel('Show online only').check();
      const listed = ((await (await answered).json()) as { fullName: string }[]).map((entry) => entry.fullName);
      expect(listed, 'the server lists Bob, online, and not Carl').toContain('Bob Filtered');
      expect(listed).not.toContain('Carl Filtered');
      await polled(() => rows.allTextContents(), 'only Bob, online').toEqual([expect.stringMatching(/^Bob Filtered\s*Online/)]);
      const carlsSocket = await connected(openSocket(run.baseUrl, { cookie: carl.cookie, userId: carlUser._id }));
      await polled(() => rows.count(), 'Carl listed once online').toBe(2);
      await run.shot(page, 'show-online-only');
      bobsSocket.disconnect();
      await polled(() => rows.allTextContents(), 'Bob gone once offline').toEqual([expect.stringMatching(/^Carl Filtered\s*Online/)]);
      carlsSocket.disconnect();
      await polled(() => page.getByText('No online users').count(), 'nobody left online').toBe(1);
    });

    it('plays the welcome animation, and holds it still for someone who asks for less motion', async () => {
      const moving = await newUserPage(browser(), run.baseUrl, { reducedMotion: 'no-preference' });
      const still = await newUserPage(browser(), run.baseUrl);
      for (const { page } of [moving, still]) {
        await page.goto('/login');
        await polled(() => page.locator(ANIMATION).count(), 'the animation drawn').toBe(1);
      }
      // Each page in front while watched: a page behind another may get no animation frames at all.
      await moving.page.bringToFront();
      await polled(() => framesDrawnDifferently(moving.page, 10), 'the animation moving').toBeGreaterThan(1);
      await still.page.bringToFront();
      expect(await framesDrawnDifferently(still.page, 30)).toBe(1);
    });

    it('keeps the chosen theme across a reload', async () => {
      const { page } = await newUserPage(browser(), run.baseUrl);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Dracula' }).click();
      const theme = () => page.locator('html').getAttribute('data-theme');
      await polled(theme, 'the page in the dracula theme').toBe('dracula');
      await page.reload();
      await polled(theme, 'the dracula theme after the reload').toBe('dracula');
      expect(await page.evaluate(() => localStorage.getItem('chat-theme'))).toBe('dracula');
      await run.shot(page, 'settings-dracula');
    });

    it('opens an image full size, moves between images with the arrow keys, and attaches an image dropped on the conversation', async () => {
      const { alice, bob, aliceUser } = await twoPeople(run.baseUrl, 'Lightbox');
      for (const [width, height] of [[320, 200], [120, 240]] as const) {
        const response = await bob.post(`/api/messages/send/${aliceUser._id}`, { image: toDataUrl(await pngBytes(width, height), 'image/png') });
        expect(response.status).toBe(201);
      }
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Bob Lightbox/ }).click();
      await polled(() => conversation(page).getByAltText('Attachment').count(), 'both images in the conversation').toBe(2);

      const lightbox = page.getByRole('dialog', { name: 'Image' });
      await conversation(page).getByRole('button', { name: 'Open image' }).first().click();
      await polled(() => lightbox.getByAltText('Image 1 of 2').isVisible(), 'the first image full size').toBe(true);
      expect(await conversation(page).getByAltText('Attachment').first().getAttribute('src'), 'the thumbnail in the list').toMatch(/\?size=thumb$/);
      expect(await lightbox.getByAltText('Image 1 of 2').getAttribute('src'), 'the original full size').not.toContain('?');
      await run.shot(page, 'image-lightbox');
      await page.keyboard.press('ArrowRight');
      await polled(() => lightbox.getByAltText('Image 2 of 2').isVisible(), 'the second image after →').toBe(true);
      await page.keyboard.press('ArrowLeft');
      await polled(() => lightbox.getByAltText('Image 1 of 2').isVisible(), 'the first image after ←').toBe(true);
      await page.keyboard.press('Escape');
      await polled(() => lightbox.isVisible(), 'the lightbox closed by Escape').toBe(false);
      await conversation(page).getByRole('button', { name: 'Open image' }).last().click();
      await polled(() => lightbox.getByAltText('Image 2 of 2').isVisible(), 'the second image opened').toBe(true);
      await page.mouse.click(5, 400);
      await polled(() => lightbox.isVisible(), 'the lightbox closed by a click beside the image').toBe(false);

      const dropped = await page.evaluateHandle(async (base64) => {
        const files = new DataTransfer();
        files.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
        return files;
      }, (await noisyPngBytes(320, 320)).toString('base64'));
      await page.getByTestId('message-list').dispatchEvent('dragover', { dataTransfer: dropped });
      await page.getByTestId('message-list').dispatchEvent('drop', { dataTransfer: dropped });
      await polled(() => page.getByAltText('Preview').count(), 'the dropped image ready to send').toBe(1);
      // A slow uplink: the picture on its way shows how much of it is uploaded, until it is stored.
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
      await page.getByRole('button', { name: 'Send' }).click();
      const progress = conversation(page).getByRole('progressbar', { name: 'Uploading image' });
      await polled(() => progress.count(), 'the upload’s progress shown').toBe(1);
      await polled(async () => Number(await progress.getAttribute('value')), 'the upload under way').toBeGreaterThan(0);
      await run.shot(page, 'image-uploading');
      await polled(() => progress.count(), 'the progress gone once stored').toBe(0);
      await polled(() => conversation(page).getByAltText('Attachment').count(), 'the dropped image sent').toBe(3);
    });

    it('fits a phone-sized screen', async () => {
      const { page } = await newUserPage(browser(), run.baseUrl, { viewport: { width: 390, height: 844 } });
      await signUp(page, 'Phone Person', `phone.${stamp}@chat.io`);
      await polled(() => page.getByTestId('contact-skeleton').count(), 'the contact list to load').toBe(0);
      await polled(() => page.getByText('Welcome to Chat.io!').count(), 'the welcome screen').toBe(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await run.shot(page, 'phone-home');
    });
  });
});
