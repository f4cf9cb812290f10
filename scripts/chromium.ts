// Debian's Chromium as both the e2e tests (playwright.config.ts) and the page benchmarks
// (bench/page/harness.ts) launch it: never a downloaded browser, no GPU, no background traffic.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
