// The engine's public types: price alerts (issue 25; re-exported by api.ts).
import type { DecStr } from '../../shared/decimal.ts';
import type { PriceAlertDirection } from '../../shared/price-alerts.ts';

/** One price alert: waiting (`firedAt` null) or fired. */
export interface PriceAlertView {
  id: number;
  /** "BTC/USDT". */
  symbol: string;
  direction: PriceAlertDirection;
  price: DecStr;
  /** When it was set (the server's clock, ms). */
  createdAt: number;
  firedAt: number | null;
  /** The last trade price it fired at. */
  firedPrice: DecStr | null;
}

/** The user's alerts (GET /api/user/price_alerts). */
export interface PriceAlertsView {
  /** Waiting alerts of every pair, newest first. */
  waiting: PriceAlertView[];
  /** The newest fired ones, the latest first. */
  fired: PriceAlertView[];
  /** How many may wait at once (PRICE_ALERT_LIMIT on the reference server). */
  limit: number;
}

/** A new alert, as the dialog holds it. */
export interface AddPriceAlert {
  symbol: string;
  direction: PriceAlertDirection;
  /** As typed: checked with src/shared/price-alerts.ts before it is sent. */
  price: string;
  /** The pair's price decimals and last price as the page shows them (the shared checks). */
  pricePrecision: number;
  last: DecStr | null;
}
