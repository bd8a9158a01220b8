import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, pngBytes, toDataUrl } from '#test-support';
import { newUserPage, PHONE, sharedBrowser, signedInPage, type UserPageOptions } from '../browser.js';
import { pageWithCard } from '../link-page.js';
import { twoPeople } from '../people.js';
import { startEmbeddedTarget, type EmbeddedTarget } from '../targets.js';

const TOUR_DIR = join(process.cwd(), 'test-results', 'tour');
/** The welcome and side-panel animations, drawn (a chunk of their own, loaded after the page). */
const ANIMATION = '[aria-hidden="true"] > svg:visible';
const SIZES: [string, UserPageOptions][] = [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', PHONE],
];
const THEMES = ['light', 'dark'] as const;
/** English, Arabic (the whole layout mirrored) and Spanish. */
const LANGUAGES = ['en', 'ar', 'es'] as const;

describe('the screen tour', () => {
  const browser = sharedBrowser();
  const ridgePage = pageWithCard();
  let target: EmbeddedTarget;
  beforeAll(async () => {
    target = await startEmbeddedTarget();
    await mkdir(TOUR_DIR, { recursive: true });
  });
  afterAll(() => target.close());

  it('photographs each screen at each size, light and dark, left to right and right to left', async () => {
    const { alice, bob, aliceUser, bobUser, send } = await twoPeople(target.baseUrl, 'Tour');
    for (const text of ['Hi Alice!', 'Are you coming tonight?', 'Dinner is at 8, at the place on the corner 🍝'])
      await send(bob, aliceUser._id, text);
    // The dinner's time and place, pinned over the conversation.
    const dinner = ((await bob.get(`/api/messages/${aliceUser._id}`)).body as { _id: string }[]).at(-1)!;
    expect((await bob.post(`/api/messages/pin-message/${dinner._id}`)).status).toBe(200);
    await send(alice, bobUser._id, 'Yes! I will be there');
    await send(
      alice,
      bobUser._id,
      'Shall I bring anything? Wine, dessert, or both — tell me what you would like and I will pick it up on the way.',
    );
    await send(bob, aliceUser._id, 'שלום! מה שלומך?');
    const photo = await bob.post(`/api/messages/send/${aliceUser._id}`, { image: toDataUrl(await pngBytes(600, 900), 'image/png') });
    expect(photo.status).toBe(201);
    await send(bob, aliceUser._id, `The walk for Sunday: ${ridgePage()}`);
    await send(bob, aliceUser._id, 'Dessert please 🍰');
    // A group of the three, with its lines, a message of each and a mention.
    const carl = new ApiClient(target.baseUrl);
    const carlUser = await carl.signup('Carl Tour');
    await alice.waitForContact(carlUser._id);
    const hikers = await alice.post('/api/messages/groups', { name: 'Sunday hikers', memberIds: [bobUser._id, carlUser._id] });
    expect(hikers.status).toBe(201);
    const groupId = (hikers.body as { _id: string })._id;
    await bob.post(`/api/messages/groups/${groupId}/send`, { text: 'Who brings the map?', mentions: [] });
    await carl.post(`/api/messages/groups/${groupId}/send`, { text: '@Alice Tour has one', mentions: [aliceUser._id] });
    // Hers, which Bob has read and Carl has not got yet: its "Message info".
    const snacks = (await alice.post(`/api/messages/groups/${groupId}/send`, { text: 'I bring the snacks' })).body as { _id: string };
    expect((await bob.post(`/api/messages/groups/${groupId}/read`, { upTo: snacks._id })).status).toBe(204);
    for (const [size, options] of SIZES)
      for (const theme of THEMES)
        for (const language of LANGUAGES) {
          const { page } = await signedInPage(browser(), target.baseUrl, alice.cookie, options);
          await chooseLook(page, theme, language);
          const shot = (name: string) => page.screenshot({ path: join(TOUR_DIR, `${name}-${size}-${theme}-${language}.png`) });
          await page.goto('/');
          await page.getByRole('button', { name: /Bob Tour/ }).waitFor();
          // On a phone the list is the screen: the welcome beside it shows from a desktop's width.
          if (size === 'desktop') await page.locator(ANIMATION).waitFor();
          await shot('inbox');
          await page.goto(`/chat/${bobUser._id}`);
          await page.getByTestId('chat-message').filter({ hasText: 'Dessert please' }).waitFor();
          await page.getByTestId('link-card').waitFor();
          await waitForImages(page);
          await shot('conversation');
          await page.getByTestId('chat-status').click();
          await page.locator('#groups-in-common').waitFor();
          await shot('contact-info');
          await page.keyboard.press('Escape');
          await page.goto(`/chat/${groupId}`);
          await page.getByTestId('chat-message').filter({ hasText: 'has one' }).waitFor();
          await shot('group');
          await page.getByTestId('chat-status').click();
          await page.getByTestId('group-member').nth(2).waitFor();
          await shot('group-info');
          await page.getByTestId('group-member').nth(1).click();
          await page.getByRole('menuitem').nth(2).waitFor();
          await shot('member-menu');
          // The first Escape closes the member's menu, the second the group's info.
          await page.keyboard.press('Escape');
          await page.keyboard.press('Escape');
          await page.getByTestId('chat-message').filter({ hasText: 'snacks' }).locator('p').first().click({ button: 'right' });
          await page.locator('[data-action="Message info"]').click();
          await page.getByRole('dialog').locator('li').first().waitFor();
          await shot('message-info');
          await page.keyboard.press('Escape');
          await page.goto('/settings');
          // The storage used comes last, from the server.
          await page.locator('progress').waitFor();
          await shot('settings');
          await page.goto('/profile');
          await page.getByTestId('profile-about').waitFor();
          await waitForImages(page);
          await shot('profile');
          await page.goto('/no/such/page');
          await page.getByRole('heading', { name: /./ }).first().waitFor();
          await shot('not-found');
          await page.context().close();
          const signedOut = await newUserPage(browser(), target.baseUrl, options);
          await chooseLook(signedOut.page, theme, language);
          for (const screen of ['login', 'signup']) {
            await signedOut.page.goto(`/${screen}`);
            // The side panel's animation shows beside the form from a desktop's width.
            if (size === 'desktop') await signedOut.page.locator(ANIMATION).waitFor();
            await signedOut.page.screenshot({ path: join(TOUR_DIR, `${screen}-${size}-${theme}-${language}.png`) });
          }
          await signedOut.page.context().close();
        }
    await contactSheets();
  });
});

const SCREENS = [
  'inbox',
  'conversation',
  'contact-info',
  'group',
  'group-info',
  'member-menu',
  'message-info',
  'settings',
  'profile',
  'not-found',
  'login',
  'signup',
] as const;

/**
 * One picture per screen and size with its looks side by side (a row per theme, a column per
 * language), in test-results/tour/sheets: a person sees at a glance what one look gets wrong.
 */
async function contactSheets(): Promise<void> {
  const sheets = join(TOUR_DIR, 'sheets');
  await mkdir(sheets, { recursive: true });
  for (const screen of SCREENS)
    for (const [size, options] of SIZES) {
      const scale = size === 'phone' ? 1 : 0.5;
      const [width, height] = [options.viewport!.width * scale, options.viewport!.height * scale];
      const tiles = await Promise.all(
        THEMES.flatMap((theme, row) =>
          LANGUAGES.map(async (language, column) => ({
            input: await sharp(join(TOUR_DIR, `${screen}-${size}-${theme}-${language}.png`))
              .resize(width, height)
              .toBuffer(),
            left: column * width,
            top: row * height,
          })),
        ),
      );
      const canvas = { width: width * LANGUAGES.length, height: height * THEMES.length, channels: 3 as const, background: '#808080' };
      await sharp({ create: canvas })
        .composite(tiles)
        .png()
        .toFile(join(sheets, `${screen}-${size}.png`));
    }
}

/** The theme and the language the page opens in, as Settings keeps them. */
const chooseLook = (page: Page, theme: string, language: string) =>
  page.addInitScript(
    ([chosenTheme, chosenLanguage]) => {
      localStorage.setItem('chat-theme', chosenTheme!);
      localStorage.setItem('chat-language', chosenLanguage!);
    },
    [theme, language],
  );

/** Every image of the page loaded (or failed), so the photo shows them. */
const waitForImages = (page: Page) =>
  page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, { timeout: 10_000 });
