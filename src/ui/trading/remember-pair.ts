// Choosing a pair: store it under the spec's keys (trading-c2c-market.md §3: symbol,
// currency_name, legal_name, legal_id, currency_id) and tell the engine, as home does.
import { useCallback } from 'react';
import type { Ticker } from '../../engine/api.ts';
import { useRefocusAfter } from '../components/focus-keeper.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { tickerSignal } from '../engine-bridge/signals.ts';
import { storage } from '../storage.ts';

/** Store the pair of `symbol` (when its ticker is known) and select it in the engine. */
export function rememberPair(symbol: string): void {
  const ticker = tickerSignal(symbol).peek();
  if (ticker !== null) storeTicker(ticker);
  else storage.set('symbol', symbol);
  void engine.selectPair(symbol);
}

/**
 * A trading screen's pair choice (spot, contracts): remembered, handed to `choose`, and, since
 * the screen is mounted again for the new pair, focus kept on the market row that chose it.
 */
export function useChoosePair(
  symbol: string | null,
  choose: (next: string) => void,
): (next: string) => void {
  const refocus = useRefocusAfter(symbol);
  return useCallback(
    (next: string) => {
      refocus();
      rememberPair(next);
      choose(next);
    },
    [refocus, choose],
  );
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
