import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, toDataUrl } from '#test-support';
import { newUserPage, PHONE, sharedBrowser, signedInPage, type UserPageOptions } from '../browser.js';
import { twoPeople } from '../people.js';
import { startEmbeddedTarget, type EmbeddedTarget } from '../targets.js';

const TOUR_DIR = join(process.cwd(), 'test-results', 'tour');
const SIZES: [string, UserPageOptions][] = [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', PHONE],
];
const THEMES = ['light', 'dark'] as const;
/** English, and Arabic: the whole layout mirrored. */
const LANGUAGES = ['en', 'ar'] as const;

describe('the screen tour', () => {
  const browser = sharedBrowser();
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
    await send(alice, bobUser._id, 'Yes! I will be there');
    await send(
      alice,
      bobUser._id,
      'Shall I bring anything? Wine, dessert, or both — tell me what you would like and I will pick it up on the way.',
    );
    await send(bob, aliceUser._id, 'שלום! מה שלומך?');
    const photo = await bob.post(`/api/messages/send/${aliceUser._id}`, { image: toDataUrl(await pngBytes(600, 900), 'image/png') });
    expect(photo.status).toBe(201);
    await send(bob, aliceUser._id, 'Dessert please 🍰');
    for (const [size, options] of SIZES)
      for (const theme of THEMES)
        for (const language of LANGUAGES) {
          const { page } = await signedInPage(browser(), target.baseUrl, alice.cookie, options);
          await chooseLook(page, theme, language);
          const shot = (name: string) => page.screenshot({ path: join(TOUR_DIR, `${name}-${size}-${theme}-${language}.png`) });
          await page.goto('/');
          await page.getByRole('button', { name: /Bob Tour/ }).waitFor();
          await shot('inbox');
          await page.goto(`/chat/${bobUser._id}`);
          await page.getByTestId('chat-message').filter({ hasText: 'Dessert please' }).waitFor();
          await waitForImages(page);
          await shot('conversation');
          await page.goto('/settings');
          await shot('settings');
          await page.goto('/profile');
          await shot('profile');
          await page.context().close();
          const signedOut = await newUserPage(browser(), target.baseUrl, options);
          await chooseLook(signedOut.page, theme, language);
          await signedOut.page.goto('/login');
          await signedOut.page.screenshot({ path: join(TOUR_DIR, `login-${size}-${theme}-${language}.png`) });
          await signedOut.page.context().close();
        }
  });
});

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
