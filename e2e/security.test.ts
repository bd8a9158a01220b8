import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, collectEvents, connected, eventually, jpegWithGps, openSocket, pngBytes, svgBytes, toDataUrl } from '#test-support';
import { conversation, polled, screenshot, sharedBrowser, signedInPage } from './browser.js';
import { startEmbeddedTarget, type E2eTarget } from './targets.js';

/*
 * Attacks on the running server, over real HTTP and real sockets: a third user, Mallory, tries
 * every way to read, page, fetch or receive what Alice and Bob said to each other.
 */

let target: E2eTarget;
const browser = sharedBrowser();

beforeAll(async () => {
  target = await startEmbeddedTarget();
});

afterAll(async () => {
  await target?.close();
});

async function person(name: string) {
  const client = new ApiClient(target.baseUrl);
  const user = await client.signup(name);
  return { ...user, client };
}

async function privatePair() {
  const alice = await person('Alice Private');
  const bob = await person('Bob Private');
  const mallory = await person('Mallory');
  const secret = await alice.client.post(`/api/messages/send/${bob._id}`, {
    text: 'our secret',
    image: toDataUrl(await pngBytes(20, 20), 'image/png'),
  });
  expect(secret.status).toBe(201);
  return { alice, bob, mallory, secret: secret.body as { _id: string; image: string } };
}

describe('authorization: a third user gets nothing of a private conversation', () => {
  it('cannot read, page or fetch the images of another pair’s messages', async () => {
    const { alice, bob, mallory, secret } = await privatePair();
    for (const other of [alice, bob]) {
      const history = await mallory.client.get(`/api/messages/${other._id}`);
      expect(history.status).toBe(200);
      expect(history.body).toEqual([]);
      const paged = await mallory.client.get(`/api/messages/${other._id}?before=${Number(secret._id) + 1}&limit=100`);
      expect(paged.body).toEqual([]);
    }
    const image = await mallory.client.get(secret.image);
    expect(image.status).toBe(404);
    expect(JSON.stringify(image.body)).not.toContain('PNG');
    expect((await new ApiClient(target.baseUrl).get(secret.image)).status).toBe(401);
  });

  it('cannot receive their messages on a socket, nor open one as somebody else', async () => {
    const { alice, bob, mallory } = await privatePair();
    const spoofed = await connected(openSocket(target.baseUrl, { cookie: mallory.client.cookie, userId: alice._id })).then(
      () => 'connected',
      (error: Error) => error.message,
    );
    expect(spoofed).toBe('userId does not match the session');

    const mallorySocket = await connected(openSocket(target.baseUrl, { cookie: mallory.client.cookie, userId: mallory._id }));
    const bobSocket = await connected(openSocket(target.baseUrl, { cookie: bob.client.cookie, userId: bob._id }));
    const overheard = collectEvents<{ text: string }>(mallorySocket, 'newMessage');
    const received = collectEvents<{ text: string }>(bobSocket, 'newMessage');
    await alice.client.post(`/api/messages/send/${bob._id}`, { text: 'just for Bob' });
    await eventually(() => received.length === 1, 'the message at Bob');
    // Delivered after Bob's: once Mallory has this one, Bob's would have reached her first.
    await alice.client.post(`/api/messages/send/${mallory._id}`, { text: 'for Mallory' });
    await eventually(() => overheard.length > 0, 'a message of her own at Mallory');
    expect(overheard.map((m) => m.text)).toEqual(['for Mallory']);
    expect(received.map((m) => m.text)).toEqual(['just for Bob']);
    mallorySocket.disconnect();
    bobSocket.disconnect();
  });

  it.each([
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    "1' OR '1'='1",
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    'x'.repeat(1000),
    '%F0%9F%92%A9',
    '-1',
  ])('answers 400 or 404 (414 when too long), never 500, to the id %s on every route', async (id) => {
    const mallory = await person('Mallory Fuzz');
    const attempts = [
      await mallory.client.get(`/api/messages/${id}`),
      await mallory.client.get(`/api/messages/${mallory._id}?before=${id}`),
      await mallory.client.get(`/api/messages/${mallory._id}?limit=${id}`),
      await mallory.client.post(`/api/messages/send/${id}`, { text: 'hello?' }),
      await mallory.client.get(`/api/media/messages/${id}/${id}.png`),
      await mallory.client.get(`/api/media/avatars/${id}.png`),
    ];
    for (const response of attempts) {
      expect([400, 404, 414]).toContain(response.status);
      expect(typeof response.body.message).toBe('string');
    }
  });
});

describe('input', () => {
  it('answers 413 {message} to a JSON body over the limit on every JSON route', async () => {
    const user = await person('Big Body');
    const huge = 'x'.repeat(9 * 1024 * 1024);
    const routes: [string, string][] = [
      ['POST', '/api/auth/signup'],
      ['POST', '/api/auth/login'],
      ['PUT', '/api/auth/update-profile'],
      ['POST', `/api/messages/send/${user._id}`],
    ];
    for (const [method, path] of routes) {
      const response = await user.client.request(method, path, { text: huge, email: huge, profilePic: huge });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: 'Request body is too large' });
    }
  });

  it('refuses SVG and HTML sent as images, and strips GPS and camera data from photos', async () => {
    const alice = await person('Alice Photo');
    const bob = await person('Bob Photo');
    const send = (image: string) => alice.client.post(`/api/messages/send/${bob._id}`, { image });
    const refused = { message: 'Image must be a PNG, JPEG, GIF or WebP file' };
    expect((await send(toDataUrl(svgBytes(), 'image/svg+xml'))).body).toEqual(refused);
    expect((await send(toDataUrl(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'))).body).toEqual(refused);

    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const sent = await send(toDataUrl(photo, 'image/jpeg'));
    expect(sent.status).toBe(201);
    const stored = (await bob.client.get(sent.body.image)).body as Buffer;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('shows a name and a message holding HTML or script as text in the browser', async () => {
    const attacker = await person('<img src=x onerror="window.__pwned=1">Mallory Markup');
    const victim = await person('Victim Reader');
    const payload = '<script>window.__pwned=2</script><b>bold?</b>';
    await attacker.client.post(`/api/messages/send/${victim._id}`, { text: payload });
    const links = 'click javascript:window.__pwned=3 or https://example.com/prize';
    await attacker.client.post(`/api/messages/send/${victim._id}`, { text: links });

    const { page } = await signedInPage(browser(), target.baseUrl, victim.client.cookie);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/');
    const contact = page.getByRole('button', { name: /Mallory Markup/ });
    await contact.click();
    await polled(() => conversation(page).getByText(payload, { exact: true }).count(), 'the message, as text').toBe(1);
    expect(await contact.textContent()).toContain('<img src=x onerror="window.__pwned=1">Mallory Markup');
    expect(await page.locator('b', { hasText: 'bold?' }).count()).toBe(0);
    // Only the web address is a link, and it opens apart from the app, telling the site nothing.
    const prize = conversation(page).getByRole('link');
    await polled(() => prize.count(), 'the one link in the messages').toBe(1);
    expect(await prize.evaluate((link: HTMLAnchorElement) => [link.href, link.target, link.rel])).toEqual([
      'https://example.com/prize',
      '_blank',
      'noopener noreferrer nofollow',
    ]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await screenshot(page, 'security-html-as-text');
  });
});
