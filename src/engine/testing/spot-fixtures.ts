// Shared fixtures of the spot projection tests (tests only).
import type { DecStr } from '../../shared/decimal.ts';
import type { KlinePeriod } from '../../shared/constants.ts';
import type { NewEvent } from '../events.ts';

export const SYMBOL = 'BTC/USDT';
export const T0 = 1_700_000_000_000;

export const watchEvent = (
  symbol: string | null = SYMBOL,
  period: KlinePeriod = '1min',
  loggedIn = true,
): NewEvent => ({
  at: T0,
  kind: 'command',
  name: 'ui.watch-spot',
  body: {
    symbol,
    pair:
      symbol === null
        ? null
        : {
            legalId: 1,
            currencyId: 2,
            legalName: 'USDT',
            currencyName: 'BTC',
            pricePrecision: 2,
            amountPrecision: 4,
            price: '100' as DecStr,
          },
    period,
    loggedIn,
  },
});
