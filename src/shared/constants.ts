// Business constants of the spec (trading-c2c-market.md §9, wallet-account-earn.md §9) and
// the defaults of api-contract decision 7. Server settings may override the limits.
export const CODE_RESEND_SECONDS = 60;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const ACCOUNT_MAX = 120;
export const BANNER_AUTOPLAY_MS = 3000;
export const HOME_MARKET_REFRESH_MS = 5000;
export const ORDER_HISTORY_POLL_MS = 5000;
export const CHART_POLL_MS = 10000;
export const REDIRECT_DELAY_MS = 500;
export const LOADING_CLEAR_MS = 2000;
export const SPARKLINE_POINTS = 60;
/** Recent trades kept for the spot screen (§9 "trade history capped at 20"). */
export const TRADES_KEPT = 20;
/** Rows per page of the spot order lists (transaction_in/out/complete). */
export const SPOT_ORDERS_PAGE = 10;
export const SPARKLINE_WINDOW_SECONDS = 604800;
export const PRICE_SCALE = 100000;
export const TOKEN_LIFETIME_SECONDS = 86400;
export const DECIMALS = { price: 4, highLow: 5, volume: 2 } as const;

/** News categories the client asks for (trading-c2c-market.md §7). */
export const NEWS_CATEGORIES = [3, 5, 9, 10, 19, 21, 25] as const;

/** Kline periods of the push and of new_timeshar (api-contract §3.2, §3.3). */
export const KLINE_PERIODS = [
  '1min',
  '5min',
  '15min',
  '30min',
  '60min',
  '1day',
  '1week',
  '1mon',
] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];
/** Extra period names new_timeshar accepts and maps to the ones above. */
export const KLINE_PERIOD_ALIASES: Readonly<Record<string, KlinePeriod>> = {
  '1H': '60min',
  '1D': '1day',
  '1W': '1week',
  '1M': '1mon',
};
export const KLINE_PERIOD_SECONDS: Readonly<Record<KlinePeriod, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86400,
  '1week': 604800,
  '1mon': 2592000,
};

/** Response `type` codes (api-contract §2.2). Compare loosely: they may be strings or numbers. */
export const RESPONSE = {
  ok: 'ok',
  error: 'error',
  sessionExpired: '999',
  kycRequired: '998',
  paymentMethodRequired: '997',
} as const;
