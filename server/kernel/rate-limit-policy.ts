// The rate limits' settings (read by server/config.ts, applied by http/rate-limits.ts): what a
// policy allows and the defaults. Kept apart from the hook so that the configuration does not
// import the request handling (and through it the app context, which imports the config).
export interface RateLimit {
  /** Requests allowed per window for one subject and IP. */
  max: number;
  windowMs: number;
}

export interface RateLimits {
  login: RateLimit;
  codes: RateLimit;
  orders: RateLimit;
}

export type RatePolicy = keyof RateLimits;

/**
 * Generous enough for people and for the test suites (a Playwright run logs the demo user in
 * a few times a minute at most; the market makers place their orders inside the server):
 * 20 logins a minute per account and IP, 10 code requests per 10 minutes per target and IP
 * (a code can only be re-sent after 60 s anyway), 600 orders a minute per user and IP.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, windowMs: 60_000 },
  codes: { max: 10, windowMs: 10 * 60_000 },
  orders: { max: 600, windowMs: 60_000 },
};
