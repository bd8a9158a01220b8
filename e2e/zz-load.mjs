import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const url = process.argv[2];
const t = Date.now();
for (let i = 0; i < 20; i++) {
  const context = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  if (url.includes('signup')) await page.getByLabel('Full Name').waitFor();
  await context.close();
}
console.log('20 loads', (Date.now() - t) / 1000, 's wall');
await browser.close();
