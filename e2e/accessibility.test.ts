import type { FileChooser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, connected, openSocket, pngBytes, toDataUrl, webmRecording } from '#test-support';
import { seriousViolations } from './axe.js';
import {
  announcement,
  announcements,
  chooseInConversationMenu,
  conversation,
  conversationMenu,
  newUserPage,
  PHONE,
  photosIn,
  polled,
  sharedBrowser,
  signedInPage,
} from './browser.js';
import { DEFAULT_THEME, THEMES } from '../web/src/lib/themes.js';
import { pageWithCard, RIDGE_CARD_TEXT } from './link-page.js';
import { twoPeople } from './people.js';
import { describeOnEmbedded } from './targets.js';

const browser = sharedBrowser();
const stamp = Date.now();

/** The default theme (coffee), a light one and a dark one. */
const SCANNED_THEMES = [DEFAULT_THEME, 'light', 'dark'] as const;
/** How far a state's colours are checked beyond the default theme. */
type Looks = 'default' | 'light and dark' | 'all';
/** The WCAG AA rules whose verdict depends on the theme's colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Alice's account with Bob online and a conversation of every kind of message (a link's card too,
 * when a page is given); Carl wrote last, unread. With `group`, the three are in "Hikers" too, where
 * Bob wrote.
 */
async function peopleWithHistory(
  baseUrl: string,
  surname: string,
  { linkedPage, group = false }: { linkedPage?: string; group?: boolean } = {},
) {
  const { alice, bob, aliceUser, bobUser } = await twoPeople(baseUrl, surname);
  const carl = new ApiClient(baseUrl);
  const carlUser = await carl.signup(`Carl ${surname}`);
  await carl.waitForContact(aliceUser._id);
  const post = async (from: ApiClient, path: string, body: object) => {
    const response = await from.post(path, body);
    expect(response.status, `${path} answered`).toBeLessThan(300);
    return response.body as { _id: string };
  };
  const hello = await post(bob, `/api/messages/send/${aliceUser._id}`, { text: 'Hello Alice, here is the view from the hill' });
  await post(bob, `/api/messages/send/${aliceUser._id}`, { image: toDataUrl(await pngBytes(320, 200), 'image/png') });
  const reply = await post(alice, `/api/messages/send/${bobUser._id}`, { text: 'Lovely! 😍', replyTo: hello._id });
  await post(bob, `/api/messages/react/${reply._id}`, { emoji: '👍' });
  // Pinned: its banner over the conversation in every scan of it.
  await post(bob, `/api/messages/pin-message/${hello._id}`, {});
  if (linkedPage) await post(bob, `/api/messages/send/${aliceUser._id}`, { text: `The route: ${linkedPage}` });
  const plan = new TextEncoder().encode('%PDF-1.7 the plan');
  for (const [from, to, name] of [
    [bob, aliceUser._id, 'Trip plan.pdf'],
    [alice, bobUser._id, 'Budget.xlsx'],
  ] as const) {
    expect((await from.sendFile(to, { name, bytes: plan })).status, `${name} sent`).toBe(201);
  }
  // A voice message each way.
  const recording = webmRecording();
  for (const [from, to] of [
    [bob, aliceUser._id],
    [alice, bobUser._id],
  ] as const) {
    expect((await from.sendFile(to, { name: 'voice', bytes: recording }, { voiceSeconds: '12' })).status, 'a voice message sent').toBe(201);
  }
  const deleted = await post(alice, `/api/messages/send/${bobUser._id}`, { text: 'wrong chat' });
  await post(alice, `/api/messages/delete/${deleted._id}`, {});
  if (group) {
    await alice.waitForContact(carlUser._id);
    const hikers = await post(alice, '/api/messages/groups', { name: 'Hikers', memberIds: [bobUser._id, carlUser._id] });
    await post(bob, `/api/messages/groups/${hikers._id}/send`, { text: 'Saturday at the ridge?' });
  }
  await post(carl, `/api/messages/send/${aliceUser._id}`, { text: 'Are you coming tonight?' });
  const bobsSocket = await connected(openSocket(baseUrl, { cookie: bob.cookie, userId: bobUser._id }));
  return { alice, bobsSocket };
}

/** What has focus, and whether a person can see where: an outline on it or on the field around it. */
const focusNow = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { name: 'the page', seen: true };
    const outlined = (element: Element | null) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    };
    const seen =
      [focused, focused.parentElement, focused.parentElement?.parentElement ?? null].some(outlined) &&
      getComputedStyle(focused).opacity !== '0';
    const name =
      focused.getAttribute('aria-label') ??
      focused.getAttribute('placeholder') ??
      (focused.textContent?.trim().slice(0, 40) || focused.tagName);
    return { name, seen };
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user moves through the page;
 * every element focused on the way must show its focus.
 */
async function tabTo(page: Page, target: Locator, what: string, { backwards = false, presses = 60 } = {}): Promise<void> {
  const passed: string[] = [];
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusNow(page);
    passed.push(focus.name);
    expect(focus.seen, `focus visible on “${focus.name}” on the way to ${what}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${what} not reached in ${presses} presses; focus went through ${passed.join(' → ')}`);
}

describeOnEmbedded((run) => {
  describe('accessible to everyone', () => {
    const ridgePage = pageWithCard();
    /**
     * Each state is reached once and checked whole in the default theme, then for its colours in
     * the other looks asked for (light and dark, or all 32), as choosing the theme in the settings
     * shows it: on the page and on the app's root. A state's layout and names are the same in every
     * theme: its screens are checked in more looks, the dialogs and menus on them in the default one.
     * What is found is gathered, so one run names everything to mend.
     */
    const scanner = () => {
      const found: Record<string, string[]> = {};
      const showTheme = (page: Page, theme: string) =>
        page.evaluate(async (chosen) => {
          document.querySelectorAll('html, #root > [data-theme]').forEach((element) => element.setAttribute('data-theme', chosen));
          // Two frames: the new colours are computed, then painted.
          for (let frame = 0; frame < 2; frame++) await new Promise((painted) => requestAnimationFrame(painted));
        }, theme);
      const scan = async (page: Page, state: string, { looks = 'default' }: { looks?: Looks } = {}) => {
        // A page behind another may get no animation frames at all.
        await page.bringToFront();
        const others = { default: [], 'light and dark': SCANNED_THEMES, all: THEMES }[looks].filter((theme) => theme !== DEFAULT_THEME);
        for (const theme of [DEFAULT_THEME, ...others]) {
          await showTheme(page, theme);
          const scannedTheme = (SCANNED_THEMES as readonly string[]).includes(theme);
          // Links told from text by colour alone are looked for in light and dark; contrast in every theme.
          const rules = scannedTheme ? COLOUR_RULES : ['color-contrast'];
          const violations = await seriousViolations(page, theme === DEFAULT_THEME ? {} : { rules });
          if (violations.length > 0) found[`${state} in ${theme}`] = violations;
          // Every state as it looks by default; light and dark once, in a conversation (a shot costs what a scan does).
          const shown = theme === DEFAULT_THEME || (state === 'conversation' && scannedTheme);
          if (shown) await run.shot(page, `a11y-${theme}-${state}`);
        }
        await showTheme(page, DEFAULT_THEME);
      };
      return { found, scan };
    };
    /** A scan runs axe once a state, and its colour rules in up to 31 more themes: more than a page's usual minute on a busy host. */
    const SCAN_TIMEOUT_MS = 150_000;

    it(
      'has no serious or critical WCAG 2.1 AA violation signed out; its text readable in all 32 themes',
      async () => {
        const { found, scan } = scanner();
        const { page } = await newUserPage(browser(), run.baseUrl);
        await page.goto('/login');
        await polled(() => page.getByRole('button', { name: 'Sign in' }).count(), 'the login form').toBe(1);
        await scan(page, 'login', { looks: 'all' });
        await page.goto('/signup');
        await page.getByRole('button', { name: 'Create Account' }).click();
        await polled(() => announcement(page, 'Full name is required').count(), 'the missing-name error').toBe(1);
        await scan(page, 'signup-error');
        expect(found).toEqual({});
      },
      SCAN_TIMEOUT_MS,
    );

    it(
      'has its text readable in all 32 themes in a conversation',
      async () => {
        const { found, scan } = scanner();
        const { alice } = await peopleWithHistory(run.baseUrl, 'Themed');
        const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
        await page.goto('/');
        await page
          .getByRole('list')
          .getByRole('button', { name: /Bob Themed/ })
          .click();
        await polled(() => conversation(page).getByText('Lovely! 😍').count(), 'the conversation’s history').toBe(1);
        await polled(() => photosIn(page).count(), 'Bob’s photo').toBe(1);
        await scan(page, 'conversation', { looks: 'all' });
        expect(found).toEqual({});
      },
      SCAN_TIMEOUT_MS,
    );

    it(
      'has none in a conversation and everything done in it: the screens in coffee, light and dark, what opens on them in coffee',
      async () => {
        const { found, scan } = scanner();
        const { alice, bobsSocket } = await peopleWithHistory(run.baseUrl, 'Scanned', { linkedPage: ridgePage() });
        const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
        await page.goto('/');
        const bobRow = page.getByRole('list').getByRole('button', { name: /Bob Scanned/ });
        await polled(() => bobRow.textContent(), 'Bob listed online').toContain('Online');
        await polled(() => page.getByText('Welcome to Chat.io!').count(), 'the empty chat').toBe(1);
        await scan(page, 'home', { looks: 'light and dark' });

        await bobRow.click();
        await polled(() => conversation(page).getByText('Lovely! 😍').count(), 'the conversation’s history').toBe(1);
        await polled(() => photosIn(page).count(), 'Bob’s photo').toBe(1);
        await polled(() => conversation(page).getByTestId('link-card').textContent(), 'the link’s card').toBe(RIDGE_CARD_TEXT);
        await scan(page, 'conversation', { looks: 'light and dark' });

        const box = page.getByPlaceholder('Type a message...');
        await box.fill(`Shall we? ${ridgePage()}`);
        await polled(() => page.getByTestId('draft-link-card').textContent(), 'the card of the link being written').toContain(
          'Trail guide: the ridge walk',
        );
        await scan(page, 'draft-link-card');
        await box.fill('');

        await page.getByRole('button', { name: 'Search in this conversation' }).click();
        await page.getByPlaceholder('Search in this conversation').fill('hill');
        await polled(() => page.getByTestId('search-position').textContent(), 'the search’s match').toBe('1 of 1');
        await scan(page, 'conversation-search');
        await page.keyboard.press('Escape');

        const reply = conversation(page).getByTestId('chat-message').filter({ hasText: 'Lovely! 😍' });
        await reply.hover();
        await reply.getByRole('button', { name: 'React' }).click();
        await polled(() => page.getByRole('dialog', { name: 'React to message' }).count(), 'the reaction picker').toBe(1);
        await scan(page, 'reaction-picker');
        await page.keyboard.press('Escape');
        await polled(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'focus back on the React button').toBe(
          'React',
        );
        await reply.hover();
        await reply.getByRole('button', { name: 'Delete message' }).click();
        await polled(() => page.getByRole('dialog', { name: 'Delete message?' }).isVisible(), 'the confirmation').toBe(true);
        await scan(page, 'delete-confirm');
        await page.keyboard.press('Escape');
        await polled(() => page.getByRole('dialog', { name: 'Delete message?' }).isVisible(), 'the confirmation closed').toBe(false);
        await reply.hover();
        await reply.getByRole('button', { name: 'Forward', exact: true }).click();
        await polled(
          () => page.getByRole('dialog', { name: 'Forward message' }).getByRole('checkbox').count(),
          'whom to forward to',
        ).toBeGreaterThan(0);
        await scan(page, 'forward-dialog');
        await page.keyboard.press('Escape');
        await polled(() => page.getByRole('dialog', { name: 'Forward message' }).isVisible(), 'the forward dialog closed').toBe(false);
        await reply.hover();
        await reply.getByRole('button', { name: 'Star message' }).click();
        await polled(() => reply.getByRole('img', { name: 'Starred' }).count(), 'the message starred').toBe(1);
        await page.getByRole('button', { name: 'Starred messages' }).click();
        await polled(
          () => page.getByRole('region', { name: 'Starred messages' }).getByTestId('message-result').count(),
          'the starred list',
        ).toBe(1);
        await scan(page, 'starred-messages');
        await page.getByRole('button', { name: 'Back to chats' }).click();
        await page.getByTestId('file-input').setInputFiles([
          { name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('1. the hill') },
          { name: 'map.txt', mimeType: 'text/plain', buffer: Buffer.from('north') },
        ]);
        await polled(() => page.getByRole('dialog', { name: 'Send 2 files?' }).isVisible(), 'the question before two files go').toBe(true);
        await scan(page, 'send-files-dialog');
        await page.keyboard.press('Escape');
        await polled(() => page.getByRole('dialog', { name: 'Send 2 files?' }).isVisible(), 'the question closed').toBe(false);
        await page.keyboard.press('Control+/');
        await polled(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible(), 'the keyboard shortcuts').toBe(true);
        await scan(page, 'keyboard-shortcuts');
        await page.keyboard.press('Escape');
        await polled(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible(), 'the keyboard shortcuts closed').toBe(
          false,
        );

        await page.getByRole('button', { name: 'Emoji' }).click();
        await polled(
          () => page.getByTestId('emoji-picker').locator('[data-epr-unified="1f600"]').count(),
          'the emoji picker',
        ).toBeGreaterThan(0);
        await scan(page, 'emoji-picker');
        await page.keyboard.press('Escape');

        await page
          .getByTestId('image-input')
          .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: await pngBytes(320, 200) });
        await polled(() => page.getByAltText('Photo to send').count(), 'the image ready to send').toBe(1);
        await scan(page, 'image-attached');

        await photosIn(page).click();
        await polled(() => page.getByRole('dialog', { name: 'Image' }).isVisible(), 'the image full size').toBe(true);
        await scan(page, 'image-full-size');
        bobsSocket.disconnect();
        expect(found).toEqual({});
      },
      SCAN_TIMEOUT_MS,
    );

    it(
      'has none in settings, the profile and at a phone’s width: the screens in coffee, light and dark',
      async () => {
        const { found, scan } = scanner();
        const { alice, bobsSocket } = await peopleWithHistory(run.baseUrl, 'Elsewhere', { group: true });
        const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
        await page.goto('/settings');
        await polled(() => page.getByText('Blocked contacts').count(), 'the settings').toBe(1);
        await polled(() => page.getByText(/ of 2\.0 GB used$/).count(), 'how much of my storage is used').toBe(1);
        await scan(page, 'settings', { looks: 'light and dark' });
        await page.getByRole('link', { name: 'Profile' }).click();
        await polled(() => page.getByText('Account Information').count(), 'the profile').toBe(1);
        await scan(page, 'profile', { looks: 'light and dark' });
        await page.getByRole('button', { name: 'Change password' }).click();
        await polled(() => page.getByRole('dialog', { name: 'Change password' }).isVisible(), 'the change password dialog').toBe(true);
        await scan(page, 'change-password');
        await page.keyboard.press('Escape');
        await polled(() => page.getByRole('dialog', { name: 'Change password' }).isVisible(), 'the change password dialog closed').toBe(
          false,
        );
        await page.getByRole('button', { name: 'Edit about' }).click();
        await scan(page, 'about-editing');
        await page.keyboard.press('Escape');
        await polled(() => page.getByRole('button', { name: 'Edit about' }).count(), 'the “About” edit given up').toBe(1);

        const phone = (await signedInPage(browser(), run.baseUrl, alice.cookie, PHONE)).page;
        await phone.goto('/');
        const bobRow = phone.getByRole('list').getByRole('button', { name: /^Bob Elsewhere/ });
        await polled(() => bobRow.count(), 'Bob listed').toBe(1);
        await scan(phone, 'phone-home', { looks: 'light and dark' });
        await bobRow.click();
        await polled(() => conversation(phone).getByText('Lovely! 😍').count(), 'the conversation on the phone').toBe(1);
        await scan(phone, 'phone-conversation', { looks: 'light and dark' });
        await chooseInConversationMenu(phone, 'Contact info');
        const info = phone.getByRole('complementary', { name: 'Contact info' });
        await polled(() => info.getByRole('tabpanel').getByRole('button').count(), 'Bob’s photo in the contact info').toBe(1);
        await polled(() => info.getByRole('region', { name: '1 group in common' }).count(), 'the group we are both in').toBe(1);
        await scan(phone, 'contact-info');
        await phone.keyboard.press('Escape');
        await polled(() => info.count(), 'the contact info closed by Escape').toBe(0);
        await chooseInConversationMenu(phone, 'Select messages');
        await conversation(phone).getByTestId('chat-message').filter({ hasText: 'Lovely! 😍' }).click();
        await polled(() => phone.getByRole('toolbar', { name: 'Selected messages' }).textContent(), 'a message chosen').toContain(
          '1 selected',
        );
        await scan(phone, 'messages-selected');
        await phone.keyboard.press('Escape');
        await polled(() => phone.getByRole('toolbar').count(), 'the selection over with Escape').toBe(0);
        const actions = await conversationMenu(phone);
        await polled(() => actions.count(), 'the conversation menu').toBe(1);
        await scan(phone, 'conversation-menu');
        await phone.getByRole('menuitem', { name: 'Mute notifications' }).click();
        await polled(() => phone.getByRole('menu', { name: 'Mute notifications for' }).count(), 'the mute menu').toBe(1);
        await scan(phone, 'mute-menu');
        await phone.keyboard.press('Escape');
        await polled(() => phone.getByRole('menu').count(), 'the mute menu closed').toBe(0);
        await chooseInConversationMenu(phone, 'Archive chat');
        const archived = phone.getByRole('button', { name: /^Archived\W+1 chat$/ });
        await polled(() => archived.count(), 'the way into the archive').toBe(1);
        await scan(phone, 'archive-offered');
        await archived.click();
        await polled(() => bobRow.count(), 'Bob in the archive').toBe(1);
        await scan(phone, 'archive');
        bobsSocket.disconnect();
        expect(found).toEqual({});
      },
      SCAN_TIMEOUT_MS,
    );

    it(
      'has none on the call screens: ringing on a phone and on a desktop, calling, under way, and the line a call leaves, in coffee, light and dark',
      async () => {
        const { found, scan } = scanner();
        const { alice, bob, bobUser } = await twoPeople(run.baseUrl, `Calls ${stamp}`);
        const caller = (await signedInPage(browser(), run.baseUrl, alice.cookie)).page;
        const [phone, desk] = [
          (await signedInPage(browser(), run.baseUrl, bob.cookie, PHONE)).page,
          (await signedInPage(browser(), run.baseUrl, bob.cookie)).page,
        ];
        await caller.goto(`/chat/${bobUser._id}`);
        for (const page of [phone, desk]) {
          await page.goto('/');
          await polled(
            () =>
              page
                .getByRole('list')
                .getByRole('button', { name: /Alice Calls/ })
                .textContent(),
            'Alice online at Bob',
          ).toContain('Online');
        }
        await caller.getByRole('button', { name: 'Video call' }).click();
        await polled(() => caller.getByTestId('call-status').textContent(), 'Alice calling').toBe('Calling…');
        await scan(caller, 'call-calling', { looks: 'light and dark' });
        for (const page of [phone, desk]) await polled(() => page.getByRole('alertdialog').count(), 'Bob’s tab rings').toBe(1);
        await scan(phone, 'call-ringing-phone', { looks: 'light and dark' });
        await scan(desk, 'call-ringing-desktop', { looks: 'light and dark' });
        await phone.getByRole('button', { name: 'Accept', exact: true }).click();
        await polled(() => caller.getByTestId('call-timer').count(), 'the call under way').toBe(1);
        await scan(caller, 'call-under-way', { looks: 'light and dark' });
        await scan(phone, 'call-under-way-phone', { looks: 'light and dark' });
        await caller.getByRole('button', { name: 'Devices' }).click();
        await polled(() => caller.getByLabel('Microphone').count(), 'the devices to choose from').toBe(1);
        await scan(caller, 'call-devices');
        await caller.getByRole('button', { name: 'Hang up' }).click();
        await polled(() => caller.getByTestId('call-line').count(), 'the call’s line').toBe(1);
        await scan(caller, 'call-line', { looks: 'light and dark' });
        expect(found).toEqual({});
      },
      SCAN_TIMEOUT_MS,
    );

    it(
      'has none in Arabic, the whole layout mirrored, chosen in Settings on a desktop and on a phone',
      async () => {
        const { found, scan } = scanner();
        const { alice, bobsSocket } = await peopleWithHistory(run.baseUrl, 'Mirrored', { group: true });
        const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
        await page.goto('/settings');
        await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
        await polled(
          () => page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]),
          'the page right to left',
        ).toEqual(['rtl', 'ar']);
        await polled(() => page.getByRole('heading', { name: 'اللغة' }).count(), 'Settings in Arabic').toBe(1);
        await scan(page, 'settings-arabic');
        await page.goto('/');
        await page
          .getByRole('list')
          .getByRole('button', { name: /^Bob Mirrored/ })
          .click();
        await polled(() => page.getByTestId('message-list').getByText('Lovely! 😍').count(), 'the conversation').toBe(1);
        await polled(() => page.getByPlaceholder('اكتب رسالة...').count(), 'the box in Arabic').toBe(1);
        const [list, box] = [
          await page.getByRole('list').first().boundingBox(),
          await page.getByPlaceholder('اكتب رسالة...').boundingBox(),
        ];
        expect(list!.x, 'the chats on the right, the conversation on their left').toBeGreaterThan(box!.x);
        await scan(page, 'conversation-arabic');
        // A group: its conversation (lines, names over messages), its info, and "New group".
        await page.getByRole('list').getByTestId('group-row').click();
        await polled(() => page.getByTestId('message-list').getByTestId('sender-name').count(), 'the group’s message with its sender').toBe(
          1,
        );
        await scan(page, 'group-conversation-arabic', { looks: 'light and dark' });
        await page.getByRole('button', { name: 'معلومات المجموعة' }).first().click();
        await polled(() => page.getByTestId('group-member').count(), 'the group’s members').toBe(3);
        await scan(page, 'group-info-arabic', { looks: 'light and dark' });
        // A member's menu; the first Escape closes it, the second the info.
        await page.getByTestId('group-member').nth(1).click();
        await polled(() => page.getByRole('menuitem').count(), 'the member’s menu').toBe(3);
        await scan(page, 'member-menu-arabic');
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'مجموعة جديدة' }).click();
        await polled(
          () => page.getByRole('dialog', { name: 'مجموعة جديدة' }).getByRole('checkbox').count(),
          'the people to choose',
        ).toBeGreaterThan(0);
        await scan(page, 'new-group-arabic');
        await page.keyboard.press('Escape');

        const phone = (await signedInPage(browser(), run.baseUrl, alice.cookie, PHONE)).page;
        await phone.addInitScript(() => localStorage.setItem('chat-language', 'ar'));
        await phone.goto('/');
        const bobRow = phone.getByRole('list').getByRole('button', { name: /^Bob Mirrored/ });
        await polled(() => bobRow.count(), 'Bob listed').toBe(1);
        await scan(phone, 'phone-home-arabic');
        await bobRow.click();
        await polled(() => phone.getByTestId('message-list').getByText('Lovely! 😍').count(), 'the conversation on the phone').toBe(1);
        await scan(phone, 'phone-conversation-arabic');
        await phone.getByRole('button', { name: 'إغلاق المحادثة' }).first().click();
        await phone.getByRole('list').getByTestId('group-row').click();
        await polled(() => phone.getByTestId('message-list').getByTestId('sender-name').count(), 'the group on the phone').toBe(1);
        await scan(phone, 'phone-group-arabic');
        bobsSocket.disconnect();
        expect(found).toEqual({});
      },
      SCAN_TIMEOUT_MS,
    );

    it('speaks the browser’s own language when it has it: Spanish for a browser in Spanish', async () => {
      const { page } = await newUserPage(browser(), run.baseUrl, { locale: 'es-ES' });
      await page.goto('/login');
      await polled(() => page.getByRole('button', { name: 'Iniciar sesión' }).count(), 'the login form in Spanish').toBe(1);
      expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['ltr', 'es']);
    });

    it('works from the keyboard alone, focus always in sight: sign up, chat, emoji, a photo, a theme, log out', async () => {
      const bob = new ApiClient(run.baseUrl);
      const bobName = `Bob Keys${stamp}`;
      await bob.signup(bobName);
      const { page } = await newUserPage(browser(), run.baseUrl);
      // Listened for from the start: the chooser is then caught from the first keypress that opens it.
      const fileChoosers: FileChooser[] = [];
      page.on('filechooser', (chooser) => void fileChoosers.push(chooser));
      await page.goto('/signup');
      await tabTo(page, page.getByLabel('Full Name'), 'the name field');
      await page.keyboard.type('Kay Board');
      await tabTo(page, page.getByLabel('Email'), 'the email field');
      await page.keyboard.type(`kay.${stamp}@chat.io`);
      await tabTo(page, page.getByLabel('Password', { exact: true }), 'the password field');
      await page.keyboard.type('secret123');
      await page.keyboard.press('Enter');
      await polled(() => page.getByText('Welcome to Chat.io!').count(), 'signed up, on the home screen').toBe(1);

      await tabTo(page, page.getByPlaceholder('Search contacts'), 'the contact search');
      await page.keyboard.type(bobName);
      const bobRow = page.getByRole('list').getByRole('button', { name: new RegExp(bobName) });
      await polled(() => bobRow.count(), 'Bob found').toBe(1);
      await tabTo(page, bobRow, 'Bob in the contacts');
      await page.keyboard.press('Enter');
      const input = page.getByPlaceholder('Type a message...');
      await tabTo(page, input, 'the message input');
      await page.keyboard.type('Hello from the keyboard');
      await page.keyboard.press('Enter');
      await polled(() => conversation(page).getByText('Hello from the keyboard').count(), 'the text sent').toBe(1);
      await run.shot(page, 'keyboard-sent');

      // The conversation's menu: arrows move through it (round from the first to the last), Escape gives focus back.
      const menuButton = page.getByRole('button', { name: 'Conversation menu' });
      await tabTo(page, menuButton, 'the conversation menu', { backwards: true });
      await page.keyboard.press('Enter');
      const focusedItem = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      await polled(focusedItem, 'focus on the menu’s first item').toBe('Contact info');
      await page.keyboard.press('ArrowUp');
      await polled(focusedItem, 'focus round to the last item').toBe('Block contact');
      await run.shot(page, 'keyboard-conversation-menu');
      await page.keyboard.press('Escape');
      await polled(() => page.getByRole('menu').count(), 'the menu closed by Escape').toBe(0);
      expect(await menuButton.evaluate((element) => element === document.activeElement), 'focus back on the menu’s button').toBe(true);

      const emojiButton = page.getByRole('button', { name: 'Emoji' });
      await tabTo(page, emojiButton, 'the emoji button');
      await page.keyboard.press('Enter');
      const picker = page.getByTestId('emoji-picker');
      const focusInPicker = () => picker.evaluate((element) => element.contains(document.activeElement)).catch(() => false);
      await polled(focusInPicker, 'the emoji picker open, focus in its search').toBe(true);
      await page.keyboard.press('Escape');
      await polled(() => picker.count(), 'the picker closed by Escape').toBe(0);
      expect(await emojiButton.evaluate((element) => element === document.activeElement), 'focus back on the emoji button').toBe(true);
      await page.keyboard.press('Enter');
      await polled(focusInPicker, 'the emoji picker open again').toBe(true);
      await run.shot(page, 'keyboard-emoji-picker');
      // The picker's own keyboard path: type to search, Enter takes the first emoji found.
      await page.keyboard.type('grinning');
      // Enter takes the first emoji the search shows: once it shows only what matches (😂 gone).
      await polled(() => picker.locator('[data-epr-unified="1f602"]').first().isVisible(), 'the picker’s search done').toBe(false);
      await page.keyboard.press('Enter');
      await polled(() => input.inputValue(), 'the chosen emoji in the input').toMatch(/\p{Extended_Pictographic}/u);
      await page.keyboard.press('Enter');

      const attach = page.getByRole('button', { name: 'Attach image' });
      await tabTo(page, attach, 'the attach button');
      await page.keyboard.press('Enter');
      await polled(() => fileChoosers.length, 'the file chooser open').toBe(1);
      await fileChoosers[0]!.setFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: await pngBytes(320, 200) });
      await polled(() => page.getByAltText('Photo to send').count(), 'the photo ready to send').toBe(1);
      await tabTo(page, page.getByRole('button', { name: 'Send' }), 'the send button');
      await page.keyboard.press('Enter');
      await polled(() => photosIn(page).count(), 'the photo sent').toBe(1);
      await polled(() => photosIn(page).getAttribute('src'), 'the photo stored (its thumbnail shown)').toMatch(/\?size=thumb$/);
      expect(await photosIn(page).getAttribute('alt'), 'the photo described').toMatch(/^Your photo, \d{2}:\d{2} [AP]M$/);
      expect(await conversation(page).getByAltText('You').count(), 'my avatar named').toBeGreaterThan(0);
      const photoButton = conversation(page).getByRole('button', { name: /^Your photo/ });
      await tabTo(page, photoButton, 'the photo in the conversation', { backwards: true });
      await page.keyboard.press('Enter');
      const fullSize = page.getByRole('dialog', { name: 'Image' });
      await polled(() => fullSize.getByAltText(/^Your photo, .+ \(1 of 1\)$/).isVisible(), 'the photo full size').toBe(true);
      await page.keyboard.press('Escape');
      await polled(() => fullSize.isVisible(), 'the full size closed by Escape').toBe(false);
      expect(await photoButton.evaluate((element) => element === document.activeElement), 'focus back on the photo').toBe(true);
      await polled(
        () =>
          conversation(page)
            .getByText(/\p{Extended_Pictographic}/u)
            .count(),
        'the emoji sent',
      ).toBeGreaterThan(0);

      await tabTo(page, page.getByRole('link', { name: 'Settings' }), 'the settings link', { backwards: true });
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('button', { name: 'Dracula' }), 'the Dracula theme');
      await page.keyboard.press('Enter');
      await polled(() => page.locator('html').getAttribute('data-theme'), 'the dracula theme').toBe('dracula');
      await run.shot(page, 'keyboard-theme');
      await tabTo(page, page.getByRole('button', { name: 'Logout' }), 'the logout button', { backwards: true });
      await page.keyboard.press('Enter');
      await polled(() => page.getByRole('link', { name: 'Profile' }).count(), 'logged out: no profile in the navbar').toBe(0);
      await polled(() => announcements(page).textContent(), 'the logout’s toast read out').toContain('Logged out successfully');
    });

    it('reads out, from a live region there from the start, new messages of the open conversation and every toast', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Heard');
      const carl = new ApiClient(run.baseUrl);
      await carl.signup('Carl Heard');
      const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie);
      await page.goto('/');
      const region = await announcements(page).elementHandle();
      await page
        .getByRole('list')
        .getByRole('button', { name: /Bob Heard/ })
        .click();
      await polled(() => page.getByPlaceholder('Type a message...').count(), 'the conversation open').toBe(1);
      await send(bob, aliceUser._id, 'hello');
      await polled(() => announcements(page).textContent(), 'Bob’s message read out').toContain('Bob Heard: hello');
      await send(carl, aliceUser._id, 'psst');
      await send(bob, aliceUser._id, 'are you there?');
      await polled(() => announcements(page).textContent(), 'Bob’s next message read out').toContain('Bob Heard: are you there?');
      expect(await announcements(page).textContent(), 'nothing of a conversation not open').not.toContain('psst');
      expect(await conversation(page).getAttribute('aria-live'), 'the list itself not read out again').toBe('off');

      await page
        .getByTestId('image-input')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await polled(() => announcements(page).textContent(), 'the toast read out').toContain('Please select an image file');
      expect(await region.evaluate((element) => element.isConnected), 'the same region as before').toBe(true);
    });

    it('holds still for someone who asks for less motion: no smooth scrolling, no shimmer, no transitions', async () => {
      const { alice, bob, aliceUser, send } = await twoPeople(run.baseUrl, 'Still');
      for (const motion of ['reduce', 'no-preference'] as const) {
        const { page } = await signedInPage(browser(), run.baseUrl, alice.cookie, { reducedMotion: motion });
        await page.addInitScript(() => {
          const scrolls: string[] = [];
          (window as unknown as { scrolls: string[] }).scrolls = scrolls;
          const scrollIntoView = Element.prototype.scrollIntoView;
          Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
            scrolls.push(typeof options === 'object' ? (options.behavior ?? 'auto') : 'auto');
            scrollIntoView.call(this, options);
          };
        });
        // The contacts held back a moment: their skeleton shows meanwhile.
        let releaseContacts = () => {};
        const contactsHeld = new Promise<void>((release) => (releaseContacts = release));
        await page.route('**/api/messages/users**', async (route) => {
          await contactsHeld;
          await route.continue();
        });
        await page.goto('/');
        const skeleton = page.getByTestId('contact-skeleton').first();
        await polled(() => skeleton.count(), 'the contacts’ skeleton').toBe(1);
        const shimmer = await skeleton
          .locator('.skeleton')
          .first()
          .evaluate((element) => getComputedStyle(element).animationName);
        releaseContacts();
        const bobRow = page.getByRole('list').getByRole('button', { name: /Bob Still/ });
        await polled(() => bobRow.count(), 'Bob listed').toBe(1);
        const transition = await bobRow.evaluate((element) => getComputedStyle(element).transitionDuration);
        await bobRow.click();
        await polled(() => conversation(page).count(), 'the conversation’s history loaded').toBe(1);
        await send(bob, aliceUser._id, `a new message (${motion})`);
        await polled(() => conversation(page).getByText(`a new message (${motion})`).count(), 'the new message shown').toBe(1);
        const scrolls = await page.evaluate(() => (window as unknown as { scrolls: string[] }).scrolls);
        if (motion === 'reduce') {
          expect(shimmer, 'no shimmer').toBe('none');
          expect(transition, 'no transition').toBe('0s');
          expect(scrolls.at(-1), 'scrolled at once to the new message').toBe('instant');
        } else {
          expect(shimmer, 'the shimmer').not.toBe('none');
          expect(transition, 'the colour transition').not.toBe('0s');
          expect(scrolls.at(-1), 'scrolled smoothly to the new message').toBe('smooth');
        }
      }
    });
  });
});
