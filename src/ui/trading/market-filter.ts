// Search of the market lists (spot market list, /quotation).

/** Symbols whose name contains the query (case-insensitive; "btcusdt" matches "BTC/USDT"). */
export function filterSymbols(symbols: readonly string[], query: string): string[] {
  const q = query
    .trim()
    .toUpperCase()
    .replace(/[/\s_-]/g, '');
  if (q === '') return [...symbols];
  return symbols.filter((s) => s.toUpperCase().replace('/', '').includes(q));
}
