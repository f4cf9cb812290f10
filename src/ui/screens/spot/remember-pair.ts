// Choosing a pair: store it under the spec's keys (trading-c2c-market.md §3: symbol,
// currency_name, legal_name, legal_id, currency_id) and tell the engine, as home does.
import type { Ticker } from '../../../engine/api.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { tickerSignal } from '../../engine-bridge/signals.ts';
import { storage } from '../../storage.ts';

/** Store the pair of `symbol` (when its ticker is known) and select it in the engine. */
export function rememberPair(symbol: string): void {
  const ticker = tickerSignal(symbol).peek();
  if (ticker !== null) storeTicker(ticker);
  else storage.set('symbol', symbol);
  void engine.selectPair(symbol);
}

/** The pair the trading screen opens on: the stored one when listed, else the first listed. */
export function resolvePair(stored: string | null, groups: readonly { symbols: string[] }[]) {
  const all = groups.flatMap((g) => g.symbols);
  if (stored !== null && all.includes(stored)) return stored;
  return all[0] ?? null;
}

function storeTicker(t: Ticker): void {
  storage.set('legal_id', t.legalId);
  storage.set('currency_id', t.currencyId);
  storage.set('legal_name', t.legalName);
  storage.set('currency_name', t.currencyName);
  storage.set('symbol', t.symbol);
}
