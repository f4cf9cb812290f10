// How much slower than a quiet machine this one is, for the test runners' time-outs (vitest's
// hooks and tests, Playwright's tests and waits): a loaded machine gives a slower run, never a
// false failure. BOURSE_TIME_SCALE sets it; else the load average per core when the run starts
// (a CI machine that is busy before the suite adds its own load), between 1 and 4.
import { availableParallelism, loadavg } from 'node:os';

export function timeScale(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env['BOURSE_TIME_SCALE']);
  if (Number.isFinite(given) && given > 0) return given;
  const perCore = (loadavg()[0] ?? 0) / availableParallelism();
  return Math.min(4, Math.max(1, Math.round(perCore * 2) / 2));
}

/** `ms` on this machine, rounded to a whole second. */
export function scaled(ms: number, scale = timeScale()): number {
  return Math.round((ms * scale) / 1000) * 1000;
}
