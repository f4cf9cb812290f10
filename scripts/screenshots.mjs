// Developer aid: screenshots of given routes in day and night mode, for looking at what was built.
// usage: node scripts/screenshots.mjs http://localhost:8080 out-dir /route1 /route2 ...
// Set SHOT_LOGIN=email:password to log in first, SHOT_WIDTH / SHOT_HEIGHT for the viewport,
// SHOT_LANG for the interface language (ru, de…), SHOT_THEMES=day to take one theme only.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', out = '/tmp/shots', ...routes] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const width = Number(process.env.SHOT_WIDTH ?? 1440);
const height = Number(process.env.SHOT_HEIGHT ?? 900);
const lang = process.env.SHOT_LANG ?? '';
for (const theme of (process.env.SHOT_THEMES ?? 'night,day').split(',')) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.evaluate(
    ([night, l]) => {
      localStorage.setItem('night_mode', night);
      if (l !== '') localStorage.setItem('lang', l);
    },
    [theme === 'night' ? '1' : '0', lang],
  );
  if (process.env.SHOT_LOGIN) {
    const [email, password] = process.env.SHOT_LOGIN.split(':');
    await page.goto(base + '/components/login');
    await page.locator('input[type=email], input[name=account], input').first().fill(email);
    await page.locator('input[type=password]').first().fill(password);
    await page.locator('form button[type=submit]').click();
    await page.waitForTimeout(1500);
  }
  for (const route of routes.length ? routes : ['/']) {
    await page.goto(base + route);
    await page.waitForTimeout(Number(process.env.SHOT_WAIT ?? 2500));
    const name =
      (route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home') +
      `${lang === '' ? '' : `-${lang}`}-${width}-${theme}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.SHOT_FULL === '1' });
    console.log(`${out}/${name}`);
  }
  await context.close();
}
await browser.close();
