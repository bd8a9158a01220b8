import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, type Message } from '@chat/contracts';
import sharp from 'sharp';
import { ApiClient, connected, noisyPngBytes, openSocket, pngBytes, toDataUrl } from '#test-support';
import { conversation, newUserPage, PHONE, photosIn, polled, sharedBrowser, signedInPage, signUp } from './browser.js';
import { pageWithCard, RIDGE_CARD_TEXT } from './link-page.js';
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

// What the app shows whatever the conversation: presence on screen, the welcome animation, the
// theme, images full size, a phone's width. The web app's own: checked on the embedded mode.
describeOnEmbedded((run) => {
  describe('what the app shows in the browser', () => {
    const ridgePage = pageWithCard();
    it('shows live presence for the people a contact search found, watching only them', async () => {
      const { alice, bob, bobUser } = await twoPeople(run.baseUrl, 'Watched');
      const ann = await signedInPage(browser(), run.baseUrl, alice.cookie);
      const watches: string[] = [];
      ann.page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => void watches.push(String(payload))));
      await ann.page.goto('/');
      await ann.page.getByPlaceholder('Search contacts').fill('Bob Watched');
      const bobRow = ann.page.getByRole('list').getByRole('button', { name: /Bob Watched/ });
      await polled(() => bobRow.textContent(), 'Bob found, offline').toContain('Offline');
      await polled(() => watches.some((frame) => frame.includes('"watchPresence"') && frame.includes(bobUser._id)), 'a watch of Bob').toBe(
        true,
      );

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
      const onlineFound = async () =>
        ((await alice.get('/api/messages/users?online=true&q=filtered')).body as { _id: string }[]).map((entry) => entry._id);
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
      for (const [width, height] of [
        [320, 200],
        [120, 720],
      ] as const) {
        const response = await bob.post(`/api/messages/send/${aliceUser._id}`, {
          image: toDataUrl(await pngBytes(width, height), 'image/png'),
        });
        expect(response.status).toBe(201);
      }
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Bob Lightbox/ }).click();
      await polled(() => photosIn(page).count(), 'both images in the conversation').toBe(2);

      const lightbox = page.getByRole('dialog', { name: 'Image' });
      await photosIn(page).first().click();
      await polled(() => lightbox.getByAltText(/\(1 of 2\)$/).isVisible(), 'the first image full size').toBe(true);
      expect(await photosIn(page).first().getAttribute('src'), 'the thumbnail in the list').toMatch(/\?size=thumb$/);
      expect(await lightbox.getByAltText(/\(1 of 2\)$/).getAttribute('src'), 'the original full size').not.toContain('?');
      await run.shot(page, 'image-lightbox');
      await page.keyboard.press('ArrowRight');
      await polled(() => lightbox.getByAltText(/\(2 of 2\)$/).isVisible(), 'the second image after →').toBe(true);
      await page.keyboard.press('ArrowLeft');
      await polled(() => lightbox.getByAltText(/\(1 of 2\)$/).isVisible(), 'the first image after ←').toBe(true);
      await page.keyboard.press('Escape');
      await polled(() => lightbox.isVisible(), 'the lightbox closed by Escape').toBe(false);
      // A tall picture is cropped in its bubble, as WhatsApp does; the lightbox shows all of it.
      const tall = photosIn(page).last();
      await polled(() => tall.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 0), 'the tall picture loaded').toBe(
        true,
      );
      expect((await tall.boundingBox())?.height, 'cropped at 320 px in the list').toBe(320);
      await tall.click();
      await polled(() => lightbox.getByAltText(/\(2 of 2\)$/).isVisible(), 'the second image opened').toBe(true);
      const whole = (await lightbox.getByAltText(/\(2 of 2\)$/).boundingBox())!;
      expect(Math.round(whole.height / whole.width), 'all of it in the lightbox').toBe(6);
      await page.mouse.click(5, 400);
      await polled(() => lightbox.isVisible(), 'the lightbox closed by a click beside the image').toBe(false);

      const dropped = await page.evaluateHandle(
        async (base64) => {
          const files = new DataTransfer();
          files.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
          return files;
        },
        (await noisyPngBytes(320, 320)).toString('base64'),
      );
      await page.getByTestId('message-list').dispatchEvent('dragover', { dataTransfer: dropped });
      await page.getByTestId('message-list').dispatchEvent('drop', { dataTransfer: dropped });
      await polled(() => page.getByAltText('Photo to send').count(), 'the dropped image ready to send').toBe(1);
      // A slow uplink: the picture on its way shows how much of it is uploaded, until it is stored.
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 200 * 1024,
      });
      await page.getByRole('button', { name: 'Send' }).click();
      const progress = conversation(page).getByRole('progressbar', { name: 'Uploading image' });
      await polled(() => progress.count(), 'the upload’s progress shown').toBe(1);
      await polled(async () => Number(await progress.getAttribute('value')), 'the upload under way').toBeGreaterThan(0);
      await run.shot(page, 'image-uploading');
      await polled(() => progress.count(), 'the progress gone once stored').toBe(0);
      await polled(() => photosIn(page).count(), 'the dropped image sent').toBe(3);
    });

    it('shows a message of one to three emoji alone large, and says when my message was read on its ticks; Alt+↓ and Alt+↑ move between conversations', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Jumbo');
      await alice.waitForContact((await new ApiClient(run.baseUrl).signup('Carl Jumbo'))._id);
      await send(bob, aliceUser._id, 'Happy birthday!');
      await send(bob, aliceUser._id, '🎉🎂');
      await send(alice, bobUser._id, 'Thank you');
      const sent = (await alice.get(`/api/messages/${bobUser._id}`)).body as { _id: string }[];
      expect((await bob.post(`/api/messages/read/${aliceUser._id}`, { upTo: sent.at(-1)!._id })).status).toBe(204);
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      await page.getByRole('button', { name: /Bob Jumbo/ }).click();
      const textOf = (text: string) => conversation(page).getByTestId('chat-message').filter({ hasText: text }).locator('p');
      await polled(() => textOf('🎉🎂').count(), 'the emoji message').toBe(1);
      const fontSize = (text: string) => textOf(text).evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
      expect(await fontSize('🎉🎂')).toBeGreaterThanOrEqual(2 * (await fontSize('Happy birthday!')));
      const ticks = conversation(page).getByTestId('chat-message').filter({ hasText: 'Thank you' }).getByRole('img', { name: 'Read' });
      await polled(() => ticks.getAttribute('title'), 'when it was read, on the ticks').toMatch(
        /^Read .*\d\d:\d\d [AP]M · Delivered .*\d\d:\d\d [AP]M$/,
      );
      await run.shot(page, 'jumbo-emoji');

      const openConversation = () => page.getByRole('heading', { level: 3 }).textContent();
      await page.keyboard.press('Alt+ArrowDown');
      const secondInList = await page.getByRole('list').getByRole('button').nth(1).locator('img').first().getAttribute('alt');
      await polled(openConversation, 'the next one in the list open').toBe(secondInList);
      await page.keyboard.press('Alt+ArrowUp');
      await polled(openConversation, 'Bob’s again').toBe('Bob Jumbo');
      await page.keyboard.press('Control+k');
      // What has the focus, named so that a failure says where it went (CI saw it elsewhere once).
      const focused = () =>
        page.evaluate(() => {
          const element = document.activeElement;
          return element?.getAttribute('aria-label') ?? `${element?.tagName ?? 'nothing'} at ${location.pathname}`;
        });
      await polled(focused, 'the contact search focused').toBe('Search contacts');
    });

    it('scales a photo past 5 MB down in the browser before sending it, as WhatsApp does: it arrives as a photo', async () => {
      const { alice, bobUser, aliceUser, bob } = await twoPeople(run.baseUrl, 'Large');
      // Noise keeps a PNG of 2,000 × 1,000 past 5 MB (5.6 MB): a screenshot's worth.
      const screenshotBytes = await noisyPngBytes(2000, 1000);
      expect(screenshotBytes.length, 'a picture past the limit').toBeGreaterThan(MAX_IMAGE_BYTES);
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto(`/chat/${bobUser._id}`);
      await page.getByTestId('image-input').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: screenshotBytes });
      await polled(() => page.getByAltText('Photo to send').count(), 'the photo attached, made to fit').toBe(1);
      await page.getByRole('button', { name: 'Send' }).click();
      await polled(async () => ((await bob.get(`/api/messages/${aliceUser._id}`)).body as Message[]).length, 'the photo stored').toBe(1);
      const [stored] = (await bob.get(`/api/messages/${aliceUser._id}`)).body as Message[];
      const served = await fetch(new URL(stored?.image ?? '', run.baseUrl), { headers: { cookie: bob.cookie } });
      const { width = 0, height = 0 } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(width <= MAX_IMAGE_SIDE && width === 2 * height, `a ${width} × ${height} photo, at most ${MAX_IMAGE_SIDE} a side`).toBe(true);
    });

    it('says what could not be loaded and offers to try again, never an empty list, when the server cannot be reached', async () => {
      const { alice, bobUser, send, bob, aliceUser } = await twoPeople(run.baseUrl, 'Unreachable');
      await send(bob, aliceUser._id, 'Are you there?');
      await send(bob, aliceUser._id, 'Hello?');
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      const unreachable = (route: Route) => route.abort('connectionrefused');
      let inboxLoadsRefused = 0;
      const inboxUnreachable = (route: Route) => {
        inboxLoadsRefused++;
        return unreachable(route);
      };
      await page.route('**/api/messages/users*', inboxUnreachable);
      await page.goto('/');
      await polled(() => page.getByText('Your chats could not be loaded.').isVisible(), 'the inbox’s failure said').toBe(true);
      expect(await page.getByText('No contacts yet').count(), 'no empty state in its place').toBe(0);
      await run.shot(page, 'inbox-load-failed');
      // The realtime connection loads the inbox again once it is up: refused too, or it would do the retry's work.
      await polled(() => inboxLoadsRefused, 'the page’s load of the inbox and the connection’s both refused').toBeGreaterThanOrEqual(2);
      await page.unroute('**/api/messages/users*', inboxUnreachable);
      await page.getByRole('button', { name: 'Try again' }).click();
      await polled(() => page.getByRole('button', { name: /Bob Unreachable/ }).count(), 'Bob listed once it answers').toBe(1);

      await page.route(`**/api/messages/${bobUser._id}*`, unreachable);
      await page.getByRole('button', { name: /Bob Unreachable/ }).click();
      await polled(() => page.getByText('The messages could not be loaded.').isVisible(), 'the conversation’s failure said').toBe(true);
      expect(await page.getByText('No messages yet. Say hello 👋').count(), 'no empty state in its place').toBe(0);
      await page.unroute(`**/api/messages/${bobUser._id}*`, unreachable);
      await page.getByRole('button', { name: 'Try again' }).click();
      await polled(() => conversation(page).getByText('Hello?').count(), 'the messages once it answers').toBe(1);
    });

    it('gives each text its own direction: Hebrew and Arabic read right to left in the bubble, the preview, the name and the box', async () => {
      const [alice, bob] = [new ApiClient(run.baseUrl), new ApiClient(run.baseUrl)];
      const aliceUser = await alice.signup('Alice Direction');
      await alice.waitForContact((await bob.signup('בוב כיוון'))._id);
      await bob.waitForContact(aliceUser._id);
      const hebrew = 'שלום, מה שלומך?';
      const arabic = 'مرحبا، كيف حالك؟';
      for (const text of [hebrew, 'Hello in English', arabic]) {
        expect((await bob.post(`/api/messages/send/${aliceUser._id}`, { text })).status).toBe(201);
      }
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      const row = page.getByRole('button', { name: /בוב כיוון/ });
      const direction = (element: Locator) => element.evaluate((node) => getComputedStyle(node).direction);
      await polled(() => row.getByTestId('last-message').textContent(), 'the Arabic message as the preview').toContain(arabic);
      expect(await direction(row.getByText(arabic, { exact: true })), 'the preview').toBe('rtl');
      expect(await direction(row.getByText('בוב כיוון', { exact: true })), 'the name in the row').toBe('rtl');
      await row.click();
      const bubble = (text: string) => conversation(page).getByTestId('chat-message').filter({ hasText: text }).locator('p');
      await polled(() => bubble(hebrew).count(), 'the Hebrew message').toBe(1);
      expect([await direction(bubble(hebrew)), await direction(bubble('Hello in English')), await direction(bubble(arabic))]).toEqual([
        'rtl',
        'ltr',
        'rtl',
      ]);
      const box = page.getByPlaceholder('Type a message...');
      await box.fill(hebrew);
      expect(await direction(box), 'the box, as I write Hebrew').toBe('rtl');
      await run.shot(page, 'right-to-left-texts');
    });

    it('on a phone, the list is the screen and a conversation replaces it until its back button; nothing is wider than the screen', async () => {
      const { page } = await newUserPage(browser(), run.baseUrl, PHONE);
      await signUp(page, 'Phone Person', `phone.${stamp}@chat.io`);
      await polled(() => page.getByTestId('contact-skeleton').count(), 'the contact list to load').toBe(0);
      // Everything the desktop list has: search, the online filter, the starred messages.
      for (const control of [
        page.getByLabel('Search contacts'),
        page.getByLabel('Show online only'),
        page.getByRole('button', { name: 'Starred messages' }),
      ]) {
        await polled(() => control.isVisible(), `${String(control)} on the phone’s list`).toBe(true);
      }
      expect(await page.getByText('Welcome to Chat.io!').isVisible()).toBe(false);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await run.shot(page, 'phone-home');

      // A conversation with every action of its header offered (it has a message) fits too.
      const me = (await page.evaluate(() => fetch('/api/auth/check').then((response) => response.json()))) as { _id: string };
      const bob = new ApiClient(run.baseUrl);
      await bob.signup('Bob Phone');
      await bob.waitForContact(me._id);
      expect((await bob.post(`/api/messages/send/${me._id}`, { text: 'Hi from a long way off' })).status).toBe(201);
      const bobsRow = page.getByRole('button', { name: /Bob Phone/ });
      await polled(() => bobsRow.textContent(), 'Bob’s name and his message in the row').toMatch(/Bob Phone.*Hi from a long way off/);
      await bobsRow.tap();
      await polled(() => conversation(page).getByText('Hi from a long way off').count(), 'the conversation open').toBe(1);
      await polled(() => page.getByRole('button', { name: 'Conversation menu' }).isVisible(), 'the header’s actions').toBe(true);
      expect(await bobsRow.isVisible(), 'the list behind the conversation').toBe(false);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await run.shot(page, 'phone-conversation');
      const back = page.getByRole('button', { name: 'Close chat' });
      const box = await back.boundingBox();
      expect(box && [box.x < 60, box.width >= 44, box.height >= 44], 'a back button of 44 px at the left of the header').toEqual([
        true,
        true,
        true,
      ]);
      await back.tap();
      await polled(() => bobsRow.isVisible(), 'the list again').toBe(true);
      await bobsRow.tap();

      // The paperclip is the way to attach on a phone: a picture picked with it goes as a photo.
      expect(await page.getByRole('button', { name: 'Attach file' }).isVisible()).toBe(true);
      await page.getByTestId('file-input').setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: await pngBytes(60, 40) });
      await polled(() => page.getByAltText('Photo to send').count(), 'the picture attached as a photo').toBe(1);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await run.shot(page, 'phone-photo-attached');
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await overflow(), 'nothing wider than the smallest phone either').toBeLessThanOrEqual(0);
      await run.shot(page, 'phone-320');
    });

    it('groups one person’s messages: their avatar once beside the group’s last, none beside mine, each time in its bubble; the day’s heading never over text', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Groups');
      for (const text of ['Hi!', 'Are you coming tonight?', 'At 8']) await send(bob, aliceUser._id, text);
      for (const text of ['Yes', 'See you there']) await send(alice, bobUser._id, text);
      for (let index = 1; index <= 30; index++) await send(bob, aliceUser._id, `filler ${index}`);
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto(`/chat/${bobUser._id}`);
      const message = (text: string) =>
        conversation(page)
          .getByTestId('chat-message')
          .filter({ hasText: new RegExp(`^${text}`) });
      await polled(() => message('filler 30').count(), 'the conversation').toBe(1);
      const avatars = (text: string) => message(text).getByRole('img', { name: 'Bob Groups' }).count();
      expect(await Promise.all(['Hi!', 'Are you coming tonight\\?', 'At 8'].map(avatars)), 'one avatar for Bob’s group').toEqual([0, 0, 1]);
      expect(await message('See you there').locator('img').count(), 'none for mine').toBe(0);
      for (const text of ['Hi!', 'At 8', 'See you there'])
        expect(await message(text).locator('.chat-bubble time').textContent(), `${text}: its time in its bubble`).toMatch(
          /^\d\d:\d\d [AP]M$/,
        );
      const bubble = (text: string) => message(text).locator('.chat-bubble').boundingBox();
      const gap = async (upper: string, lower: string) => {
        const [above, below] = [await bubble(upper), await bubble(lower)];
        return below!.y - (above!.y + above!.height);
      };
      expect(await gap('Hi!', 'Are you coming tonight\\?'), 'close within a group').toBeLessThan(await gap('At 8', 'Yes'));

      // Scrolled half way, the day's heading sits on a band across the whole list, the list's own colour.
      await conversation(page).evaluate((list) => (list.scrollTop = list.scrollHeight / 3));
      const band = conversation(page).getByTestId('day-divider').first();
      const [bandBox, listBox] = [await band.boundingBox(), await conversation(page).boundingBox()];
      expect([Math.round(bandBox!.y), Math.round(bandBox!.width)], 'the heading at the top, as wide as the list').toEqual([
        Math.round(listBox!.y),
        Math.round(listBox!.width - (await conversation(page).evaluate((list) => (list as HTMLElement).offsetWidth - list.clientWidth))),
      ]);
      expect(await band.evaluate((element) => getComputedStyle(element).backgroundColor), 'an opaque band').not.toMatch(/rgba|transparent/);
      await run.shot(page, 'message-groups');
    });

    it('keeps a new photo’s place before it loads and follows it at the latest message; away from it, a button counts what came', async () => {
      const { alice, bob, aliceUser, bobUser, send } = await twoPeople(run.baseUrl, 'Arrivals');
      for (let index = 1; index <= 40; index++) await send(bob, aliceUser._id, `earlier ${index}`);
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto(`/chat/${bobUser._id}`);
      const list = conversation(page);
      await polled(() => list.getByText('earlier 40').count(), 'the conversation').toBe(1);
      // The picture's bytes come late: its box is kept from the size its address says.
      await page.route('**/api/media/**', async (route) => {
        await new Promise((later) => setTimeout(later, 1500));
        await route.continue();
      });
      const photo = await bob.post(`/api/messages/send/${aliceUser._id}`, { image: toDataUrl(await pngBytes(600, 900), 'image/png') });
      expect(photo.status).toBe(201);
      const picture = list.getByTestId('chat-message').last().locator('img').last();
      await polled(
        () => picture.boundingBox().then((box) => box && Math.round(box.height)),
        'a box 200 × 300 before the picture loads',
      ).toBe(300);
      const belowView = () => list.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
      await polled(belowView, 'the view at the photo’s end').toBeLessThan(2);
      // Waits for the pictures still held back: unrouted at once, their handlers would continue a route already let through.
      await page.unrouteAll({ behavior: 'wait' });
      // A link's card comes after its message: the reader at the latest stays there, the card in view.
      await send(bob, aliceUser._id, `The view from the top: ${ridgePage()}`);
      await polled(() => list.getByTestId('link-card').textContent(), 'the link’s card, after its message').toBe(RIDGE_CARD_TEXT);
      await polled(belowView, 'the view at the card’s end').toBeLessThan(2);

      await list.evaluate((element) => (element.scrollTop = 0));
      // Read up in the history (the button back shows) before anything new comes.
      await polled(
        () => page.getByRole('button', { name: 'Scroll to the latest message' }).isVisible(),
        'the reader up in the history',
      ).toBe(true);
      await send(bob, aliceUser._id, 'Did you see it?');
      await send(bob, aliceUser._id, 'Hello?');
      const toLatest = page.getByRole('button', { name: 'Scroll to the latest message, 2 new messages' });
      await polled(() => toLatest.isVisible(), 'a button that says two came').toBe(true);
      expect(await list.evaluate((element) => element.scrollTop), 'the reader left where they were').toBeLessThan(200);
      await run.shot(page, 'new-messages-button');
      await toLatest.click();
      await polled(belowView, 'at the latest').toBeLessThan(2);
      await polled(() => page.getByRole('button', { name: /Scroll to the latest message/ }).count(), 'the button gone').toBe(0);
    });
  });
});
