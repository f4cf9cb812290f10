// The decimals a notification's figures take, from what the page knows now: a pair's from its
// ticker, a currency's from the wallet list (issue 41). Unknown ones are null, and the figure
// keeps the decimals the server gave.
import { tickerSignal, wallet } from '../engine-bridge/signals.ts';
import type { NoticeDecimals } from './notice-text.ts';

export const liveNoticeDecimals: NoticeDecimals = {
  pair(symbol) {
    const ticker = tickerSignal(symbol).peek();
    return ticker === null
      ? null
      : { price: ticker.pricePrecision, amount: ticker.amountPrecision };
  },
  currency(name) {
    for (const account of Object.values(wallet.peek().accounts))
      for (const row of account.rows)
        if (row.name === name && row.decimals !== undefined) return row.decimals;
    return null;
  },
};
