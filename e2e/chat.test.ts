import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '#test-support';
import { launchBrowser, newUserPage, signUp } from './browser.js';
import { describeOnEveryTarget } from './targets.js';

let browser: Browser;
const stamp = Date.now();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describeOnEveryTarget((run) => {
  describe('two people chatting in the browser', () => {
    it('sign up, see each other online, exchange text, emoji and an image live', async () => {
      const alice = await newUserPage(browser, run.baseUrl);
      const bob = await newUserPage(browser, run.baseUrl);

      await alice.page.goto('/signup');
      await alice.page.getByRole('button', { name: 'Create Account' }).click();
      await expect.poll(() => alice.page.getByText('Full name is required').count()).toBe(1);
      await run.shot(alice.page, 'signup');

      await signUp(alice.page, 'Alice Walker', `alice.${stamp}@chat.io`);
      await signUp(bob.page, 'Bob Stone', `bob.${stamp}@chat.io`);

      const bobInAlicesList = alice.page.getByRole('button', { name: /Bob Stone/ });
      await expect.poll(() => bobInAlicesList.textContent(), { timeout: 5000 }).toContain('Online');
      await expect.poll(() => alice.page.getByText('(1 online)').count()).toBe(1);
      await run.shot(alice.page, 'chat-placeholder');

      await bobInAlicesList.click();
      await bob.page.getByRole('button', { name: /Alice Walker/ }).click();
      await expect.poll(() => alice.page.getByText('Online', { exact: true }).count()).toBeGreaterThan(0);

      await alice.page.getByPlaceholder('Type a message...').fill('Hi Bob! 👋');
      await alice.page.keyboard.press('Enter');
      await expect.poll(() => bob.page.getByText('Hi Bob! 👋').count(), { timeout: 5000 }).toBe(1);
      await expect.poll(() => alice.page.getByText('Hi Bob! 👋').count()).toBe(1);

      await bob.page.getByRole('button', { name: 'Emoji' }).click();
      await bob.page.getByTestId('emoji-picker').locator('[data-epr-unified="1f600"]').first().click();
      await expect.poll(() => bob.page.getByPlaceholder('Type a message...').inputValue()).toBe('😀');
      await bob.page.keyboard.press('Enter');
      await expect.poll(() => alice.page.getByText('😀', { exact: true }).count(), { timeout: 5000 }).toBe(1);

      await alice.page.getByTestId('image-input').setInputFiles({
        name: 'sunset.png',
        mimeType: 'image/png',
        buffer: await pngBytes(320, 200),
      });
      await expect.poll(() => alice.page.getByAltText('Preview').count()).toBe(1);
      await alice.page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => bob.page.getByAltText('Attachment').count(), { timeout: 5000 }).toBe(1);
      const width = await bob.page.getByAltText('Attachment').evaluate((img) => img.getBoundingClientRect().width);
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
      await expect.poll(() => alice.page.getByText('No online users').count(), { timeout: 5000 }).toBe(1);
      await run.shot(alice.page, 'chat-online-filter');

      await alice.page.getByRole('button', { name: 'Logout' }).click();
      await alice.page.waitForURL('**/login');
      await run.shot(alice.page, 'login');
    });

    it('keeps the chosen theme across a reload', async () => {
      const { page } = await newUserPage(browser, run.baseUrl);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Dracula' }).click();
      await page.reload();
      expect(await page.evaluate(() => localStorage.getItem('chat-theme'))).toBe('dracula');
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dracula');
      await run.shot(page, 'settings-dracula');
    });

    it('shows a new profile photo in the top bar', async () => {
      const { page } = await newUserPage(browser, run.baseUrl);
      await signUp(page, 'Photo Person', `photo.${stamp}@chat.io`);
      await page.goto('/profile');
      await page.locator('#avatar-upload').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBytes(64, 64) });
      await expect.poll(() => page.getByText('Profile updated successfully').count(), { timeout: 5000 }).toBe(1);
      const avatar = page.getByRole('link', { name: 'Profile' }).locator('img');
      await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/media\/avatars\//);
      await run.shot(page, 'profile');
    });

    it('fits a phone-sized screen', async () => {
      const { page } = await newUserPage(browser, run.baseUrl, { width: 390, height: 844 });
      await signUp(page, 'Phone Person', `phone.${stamp}@chat.io`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await run.shot(page, 'phone-home');
    });
  });
});
