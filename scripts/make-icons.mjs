// Developer aid: draws the app's icons (web app manifest, home screen) from the logo's mark with
// Debian's Chromium, into public/icons. Run once when the mark changes: node scripts/make-icons.mjs
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from './chromium.ts';

const MARK = (stroke) =>
  `<path d="M7 17l4-5 3 3 5-7" fill="none" stroke="${stroke}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`;
// "any": the logo as in the header, a rounded yellow square on transparency
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 26 26"><rect x="1" y="1" width="24" height="24" rx="6" fill="#f0b90b"/>${MARK('#181a20')}</svg>`;
// "maskable": full bleed, the mark inside the central 80 % the launcher may crop to
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-7 -7 40 40"><rect x="-7" y="-7" width="40" height="40" fill="#f0b90b"/>${MARK('#181a20')}</svg>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.locator('svg').screenshot({ path: `public/icons/${name}`, omitBackground: true });
  console.log(`public/icons/${name}`);
}
await browser.close();
