// The few facts of the selected pair that the panels need (names and precisions), as one
// signal that changes only when those facts change, never on a price tick.
import { computed, type ReadonlySignal } from '@preact/signals-core';
import { tickerSignal } from '../engine-bridge/signals.ts';

export interface PairMeta {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  amountPrecision: number;
}

/** Defaults while the ticker has not arrived: the names from the symbol, 2 and 4 decimals. */
export function fallbackMeta(symbol: string): PairMeta {
  const [base = symbol, quote = ''] = symbol.split('/');
  return { symbol, base, quote, pricePrecision: 2, amountPrecision: 4 };
}

const cache = new Map<string, ReadonlySignal<PairMeta>>();

/** One signal per symbol; a new object only when a name or a precision changes. */
export function pairMetaSignal(symbol: string): ReadonlySignal<PairMeta> {
  let s = cache.get(symbol);
  if (s === undefined) {
    let last = fallbackMeta(symbol);
    s = computed(() => {
      const t = tickerSignal(symbol).value;
      if (t === null) return last;
      const next: PairMeta = {
        symbol,
        base: t.currencyName,
        quote: t.legalName,
        pricePrecision: t.pricePrecision,
        amountPrecision: t.amountPrecision,
      };
      if (!sameMeta(last, next)) last = next;
      return last;
    });
    cache.set(symbol, s);
  }
  return s;
}

function sameMeta(a: PairMeta, b: PairMeta): boolean {
  return (
    a.base === b.base &&
    a.quote === b.quote &&
    a.pricePrecision === b.pricePrecision &&
    a.amountPrecision === b.amountPrecision
  );
}
