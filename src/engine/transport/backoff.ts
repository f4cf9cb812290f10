// Jittered exponential backoff for reconnects: attempt n waits base·2ⁿ capped at `cap`,
// scaled by a random factor in [0.5, 1) ("equal jitter") so that many clients do not return
// in lockstep after a server restart.
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;

export function backoffDelay(
  attempt: number,
  random: number,
  base = BACKOFF_BASE_MS,
  cap = BACKOFF_CAP_MS,
): number {
  const exp = Math.min(cap, base * 2 ** Math.min(Math.max(attempt, 0), 30));
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(exp * (0.5 + r / 2));
}
