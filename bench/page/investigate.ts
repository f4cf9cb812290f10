// By hand, while chasing a missed page budget: one live page in one load profile, a smoothness
// window, then a CPU profile and a trace of the main thread, printed as text.
//
//   npx tsx bench/page/investigate.ts [--profile=F-busy] [--engine=worker|main] [--window=15]
//                                     [--warmup=5] [--no-profile] [--reduced-motion] [--throttle=4]
//                                     [--screen=spot|contracts|home|'spot with the heatmap']
//                                     [--trace-file=path: keep the raw trace] [--trace-seconds=6] [--screenshot=path.png]
//                                     [--css='.spot__trades{display:none}': an experiment]
//                                     [--under=applyFrame: what runs beneath one function]
//                                     [--profile-seconds=8]
//                                     [--trace-extra=disabled-by-default-v8.cpu_profiler,…: more
//                                      trace categories, for reading the kept trace file by hand]
import { describeSmoothness, smoothnessWindow } from './live-session.ts';
import {
  CPU_THROTTLE,
  DEMO,
  loginDemo,
  openLivePage,
  openScreen,
  SCREENS,
  sleep,
  withLive,
} from './harness.ts';
import type { LoadProfile } from './harness.ts';
import { formatProfile, formatTrace, profileWindow, traceWindow } from './profile.ts';
import { setHeatmapChart } from './full-chart.ts';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const profile = arg('profile', 'F-busy') as LoadProfile;
const engine = arg('engine', 'worker') === 'main' ? 'main' : 'worker';
const windowMs = Number(arg('window', '15')) * 1000;
const warmupMs = Number(arg('warmup', '5')) * 1000;
const withProfile = !process.argv.includes('--no-profile');
const reducedMotion = process.argv.includes('--reduced-motion');
const traceFile = arg('trace-file', '');
const shot = arg('screenshot', '');
const css = arg('css', '');
const under = arg('under', '');
const profileMs = Number(arg('profile-seconds', '8')) * 1000;
const traceMs = Number(arg('trace-seconds', '6')) * 1000;
const traceExtra = arg('trace-extra', '')
  .split(',')
  .filter((c) => c !== '');
const throttle = Number(arg('throttle', String(CPU_THROTTLE)));
const screenName = arg('screen', 'spot');
const screen = Object.values(SCREENS).find((s) => s.name === screenName) ?? SCREENS.spot;

await withLive(profile, async (server, browser) => {
  if (screen.name === 'spot with the heatmap') await setHeatmapChart(server.url, DEMO);
  const lp = await openLivePage(browser, server, throttle);
  try {
    if (reducedMotion) await lp.page.emulateMedia({ reducedMotion: 'reduce' });
    await loginDemo(lp.page);
    await openScreen(lp.page, screen, engine);
    // A constructed sheet: the page's CSP (style-src 'self') refuses an inline <style>.
    if (css !== '') {
      await lp.page.evaluate((text) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, css);
    }
    await sleep(warmupMs);
    if (shot !== '') await lp.page.screenshot({ path: shot });
    const smooth = await smoothnessWindow(lp.page, windowMs);
    process.stdout.write(`${profile} ${engine} ${describeSmoothness(smooth)}\n\n`);
    if (withProfile) {
      process.stdout.write(
        `${formatProfile(await profileWindow(lp.cdp, profileMs, 25, under))}\n\n`,
      );
      process.stdout.write(
        `${formatTrace(await traceWindow(browser, lp.page, traceMs, 20, traceFile, traceExtra))}\n`,
      );
    }
  } finally {
    await lp.close();
  }
});
