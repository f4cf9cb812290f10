import { describe, expect, it } from 'vitest';
import type { EntryTerms } from '../../../shared/lever-entry-stops.ts';
import type { EntryStopsState } from './entry-stops-math.ts';
import { NO_ENTRY_STOPS, resolveStops } from './entry-stops-math.ts';

// a long of 0.5 BTC expected to open at 30,000 with a margin of 1,500; the mark at 30,010
const LONG: EntryTerms = { side: 1, entry: '30000', number: '0.5', margin: '1500' };
const on = (patch: Partial<EntryStopsState>): EntryStopsState => ({
  ...NO_ENTRY_STOPS,
  on: true,
  ...patch,
});

describe('the ticket’s TP/SL section', () => {
  it('is unset when off or empty, and lets the order go', () => {
    const off = resolveStops({ ...NO_ENTRY_STOPS, tp: '31000' }, LONG, '30010');
    expect(off.tp.price).toBeNull();
    expect(off.ok).toBe(true);
    expect(resolveStops(on({}), LONG, '30010').ok).toBe(true);
  });

  it('previews P&L typed levels: price, P&L and ROE', () => {
    const r = resolveStops(on({ basis: 'pnl', tp: '150', sl: '75' }), LONG, '30010');
    expect(r.tp.price?.toFixed()).toBe('30300');
    expect(r.tp.pnl?.toFixed()).toBe('150');
    expect(r.tp.roe?.toFixed()).toBe('10');
    expect(r.sl.price?.toFixed()).toBe('29850');
    expect(r.ok).toBe(true);
  });

  it('names the bound a level on the wrong side must pass (the higher of open and mark)', () => {
    const r = resolveStops(on({ tp: '30005', sl: '29000' }), LONG, '30010');
    expect(r.tp.problem).toMatchObject({ kind: 'above' });
    expect(r.tp.problem?.kind === 'above' && r.tp.problem.bound.toFixed()).toBe('30010');
    expect(r.ok).toBe(false);
    const short = resolveStops(on({ tp: '30005' }), { ...LONG, side: 2 }, '29990');
    expect(short.tp.problem).toMatchObject({ kind: 'below' });
  });

  it('says what is not a level, and a result no price gives', () => {
    expect(resolveStops(on({ tp: '1e3' }), LONG, null).tp.problem).toEqual({ kind: 'invalid' });
    expect(resolveStops(on({ tp: '30000.001' }), LONG, null).tp.problem).toEqual({
      kind: 'invalid',
    });
    expect(resolveStops(on({ basis: 'pnl', sl: '20000' }), LONG, null).sl.problem).toEqual({
      kind: 'unreachable',
    });
    // before the order has figures, only the text is checked
    expect(resolveStops(on({ basis: 'pnl', tp: '5' }), null, null).ok).toBe(true);
  });
});
