import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:8300';
const busy = () => { const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/); const n = v.map(Number); return (n[0]+n[1]+n[2]+n[5]+n[6]+n[7]) / 100; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ baseURL: base, serviceWorkers: 'block', viewport: { width: 1440, height: 900 }, ...(process.argv[3] === 'phone' ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}) });
const page = await ctx.newPage();
await page.goto('/components/login');
await page.locator('input[name="account"]').fill('demo@bourse.local');
await page.locator('input[name="password"]').fill('demo1234');
await page.locator('button[type=submit]').click();
await page.waitForURL(/\/$/);
for (const path of process.argv[2].split(',')) {
  await page.goto(path);
  await page.waitForTimeout(5000);
  const b0 = busy(); await page.waitForTimeout(20000); const b1 = busy();
  console.log(path, 'machine CPU over 20 s:', (b1 - b0).toFixed(1), 's');
}
if (process.env.PROF) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.start');
  await page.waitForTimeout(10000);
  const { profile } = await cdp.send('Profiler.stop');
  (await import('node:fs')).writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
}
await browser.close();
