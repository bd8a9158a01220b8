import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * Debian's build of chromium's headless shell: the same engine as the browser without its windowing
 * layers, a quarter less CPU for the same suites (display and accessibility, measured side by side).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');
/** Where a failed test leaves each of its pages as it was, with what the page logged (and a failed suite its servers' logs). */
export const FAILURE_DIR = join(process.cwd(), 'test-results', 'failures');

/** Debian's chromium headless shell, with nothing that calls out to the network on its own, and a fake microphone. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      // A microphone that plays a tone, allowed without asking: voice messages can be recorded.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });

/** Every user page still open: a page left open keeps running its scripts beside the next test's. */
const openContexts = new Set<BrowserContext>();
/** What each open page logged (errors, warnings, failed requests, its socket's comings and goings), for a failure to show. */
const pageLogs = new WeakMap<Page, string[]>();

/** Each page of a failed test as it was (a screenshot), with what it logged, under test-results/failures. */
async function keepFailedPages(testName: string): Promise<void> {
  const pages = [...openContexts].flatMap((context) => context.pages());
  if (pages.length === 0) return;
  await mkdir(FAILURE_DIR, { recursive: true });
  const base = testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  await Promise.all(
    pages.map(async (page, index) => {
      const name = join(FAILURE_DIR, `${base}-${index + 1}`);
      await page.screenshot({ path: `${name}.png` }).catch(() => {});
      await writeFile(`${name}.log`, `${page.url()}\n${(pageLogs.get(page) ?? []).join('\n')}\n`);
    }),
  );
  console.error(`kept ${pages.length} page(s) of the failed test in ${FAILURE_DIR}/${base}-*`);
}

/**
 * One chromium for a test file: launched before its first test, closed after its last; the pages a
 * test opened are closed after it.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await keepFailedPages(context.task.name);
    await Promise.all([...openContexts].map((context) => context.close()));
    openContexts.clear();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/** A phone as the layout is made for: 390 × 844 (an iPhone 12–15), touch, a mobile browser. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

export interface UserPageOptions {
  viewport?: { width: number; height: number };
  /** A touch screen (taps, long-presses) and a mobile browser's viewport, as PHONE has. */
  hasTouch?: boolean;
  isMobile?: boolean;
  /**
   * A person who asks their system for less motion, as users of these pages do unless a test says
   * otherwise: the looping welcome animation would otherwise keep a core busy for every open page.
   */
  reducedMotion?: 'reduce' | 'no-preference';
  /**
   * Whether the app's service worker may run. Only the tests of what it is for (working offline)
   * let it: everywhere else it would download the whole app again into each new page's cache.
   */
  serviceWorkers?: 'allow' | 'block';
  /** The browser's language (navigator.languages), which the app speaks unless told otherwise; en-US when not given. */
  locale?: string;
}

/** A page in its own context (its own cookies), recording any request that leaves our origin. */
export async function newUserPage(
  browser: Browser,
  baseUrl: string,
  {
    viewport = { width: 1280, height: 800 },
    hasTouch = false,
    isMobile = false,
    reducedMotion = 'reduce',
    serviceWorkers = 'block',
    locale = 'en-US',
  }: UserPageOptions = {},
) {
  const context = await browser.newContext({ viewport, hasTouch, isMobile, reducedMotion, serviceWorkers, locale, baseURL: baseUrl });
  // A click, a fill or a read waits for its element no longer than a person would: past that it
  // fails naming the element, where it would otherwise wait out the whole test's time.
  context.setDefaultTimeout(SEEN_WITHIN_MS);
  context.setDefaultNavigationTimeout(2 * SEEN_WITHIN_MS);
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  const page = await context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  // Anything the Content-Security-Policy blocked shows here: the app must work without it.
  const blocked: string[] = [];
  const log: string[] = [];
  pageLogs.set(page, log);
  const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) blocked.push(message.text());
    if (message.type() === 'error' || message.type() === 'warning') note(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('websocket', (socket) => {
    note(`websocket opened: ${socket.url()}`);
    socket.on('close', () => note(`websocket closed: ${socket.url()}`));
  });
  return { page, outside, blocked };
}

/** How long a browser test waits for what a person would see: other work on the host can slow a page a lot. */
const SEEN_WITHIN_MS = 15_000;

/**
 * Polls what the page shows until the assertion chained on it holds, failing with what it waited
 * for: `await polled(() => page.getByText('hi').count(), 'the reply on Bob’s screen').toBe(1)`.
 */
export const polled = <T>(read: () => T | Promise<T>, what: string, timeout = SEEN_WITHIN_MS) =>
  expect.poll(read, { timeout, interval: 50, message: `waiting for ${what}` });

/** The open conversation's messages (not the sidebar's previews of them). */
export const conversation = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** The open conversation's "⋮" menu, opened; its items are read or pressed by name ("Pin chat"). */
export async function conversationMenu(page: Page) {
  await page.getByRole('button', { name: 'Conversation menu' }).click();
  return page.getByRole('menu', { name: 'Conversation actions' });
}

/** Presses an item of the open conversation's menu ("Archive chat", "Block contact"). */
export async function chooseInConversationMenu(page: Page, item: string): Promise<void> {
  await (await conversationMenu(page)).getByRole('menuitem', { name: item }).click();
}

/** The page's live region: what a screen reader is told without moving focus. */
export const announcements = (page: Page) => page.getByRole('log', { name: 'Announcements' });

/**
 * A toast's words as the live region read them out: it keeps the last five, where the toast goes
 * after a few seconds (and while both show, the words are on the page twice).
 */
export const announcement = (page: Page, text: string) => announcements(page).getByText(text, { exact: true });

/** The photos in the open conversation, by their descriptions ("Photo from Bob Stone, 10:42 AM", "Your photo, 10:42 AM"). */
export const photosIn = (page: Page) => conversation(page).getByAltText(/^(Photo from .+|Your photo), \d/);

/**
 * A named picture of the page for a person to look at, taken when `SCREENSHOTS=1` asks for them:
 * `make test` skips them (a shot costs what an axe scan does, and `make tour` photographs every
 * screen); a failed test's pages are photographed either way.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

export async function signUp(page: Page, fullName: string, email: string, password = 'secret123'): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/');
}

/** A page already signed in as the user whose session cookie an API client holds. */
export async function signedInPage(browser: Browser, baseUrl: string, sessionCookie: string, options: UserPageOptions = {}) {
  const user = await newUserPage(browser, baseUrl, options);
  const [name, value] = sessionCookie.split('=') as [string, string];
  await user.page.context().addCookies([{ name, value, url: baseUrl }]);
  return user;
}
