// Contract templates (issue 44, ADR 0066): read back from a workspace one field at a time (hostile
// shapes dropped, keys once across every template), and the order a key makes at the live mark.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import type { LeverTemplate } from './lever-templates.ts';
import { leverTemplateOrder } from './lever-templates.ts';
import { parseWorkspace } from './workspace.ts';

const base: LeverTemplate = {
  key: 'Alt+7',
  side: 'long',
  order: 'stop-market',
  ticks: 5000,
  limitTicks: 0,
  hands: 2,
  multiple: 10,
};
const pair = { pricePrecision: 2, multiples: [5, 10, 20] };

describe('contract templates', () => {
  it('keeps valid ones and drops hostile or unknown ones; a key is given once', () => {
    const hotkeys = {
      templates: [],
      leverTemplates: [
        base,
        { ...base, key: 'Alt+8', order: 'limit', ticks: -300 },
        { ...base, key: 'Alt+7' }, // the same key again
        { ...base, key: 'Alt+9', order: 'take-profit' }, // a later version's kind
        { ...base, key: 'F2', hands: 0 },
        { ...base, key: 'F3', hands: 1.5 },
        { ...base, key: 'F4', hands: 100_001 },
        { ...base, key: 'F5', ticks: 10_001 },
        { ...base, key: 'F6', multiple: '10' },
        { ...base, key: 'F7', side: 'buy' },
        { ...base, key: 'Ctrl+Alt+Shift+Meta+x' },
        'Alt+1',
        null,
      ],
    };
    const read = parseWorkspace({ hotkeys }).hotkeys.leverTemplates ?? [];
    expect(read.map((t) => t.key)).toEqual(['Alt+7', 'Alt+8']);
    expect(read[1]).toMatchObject({ order: 'limit', ticks: -300 });
  });

  it('a document without them reads back without them (a recorded session still replays)', () => {
    const w = parseWorkspace({ hotkeys: { templates: [] } });
    expect('leverTemplates' in w.hotkeys).toBe(false);
    expect(parseWorkspace(JSON.parse(JSON.stringify(w)))).toEqual(w);
  });

  it('makes each kind at the mark', () => {
    const mark = '450.00';
    expect(leverTemplateOrder({ ...base, order: 'market' }, mark, pair)).toMatchObject({
      ok: true,
      side: 1,
      mode: 1,
      price: '',
      share: '2',
      multiple: 10,
      trigger: null,
    });
    expect(
      leverTemplateOrder({ ...base, side: 'short', order: 'limit', ticks: 250 }, mark, pair),
    ).toMatchObject({ ok: true, side: 2, mode: 0, price: '452.50', trigger: null });
    // a long's trigger above the mark is a stop; below it a take-profit
    expect(leverTemplateOrder(base, mark, pair)).toMatchObject({
      mode: 1,
      trigger: { price: '500.00', kind: 'stop' },
    });
    expect(
      leverTemplateOrder(
        { ...base, order: 'stop-limit', ticks: -1000, limitTicks: -50 },
        mark,
        pair,
      ),
    ).toMatchObject({ mode: 0, price: '439.50', trigger: { price: '440.00', kind: 'tp' } });
  });

  it('says why none can be made: no mark, a multiple the pair lacks, a trigger at the mark', () => {
    expect(leverTemplateOrder(base, null, pair)).toEqual({ ok: false, reason: 'noPrice' });
    expect(leverTemplateOrder({ ...base, multiple: 7 }, '450', pair)).toEqual({
      ok: false,
      reason: 'multiple',
    });
    expect(leverTemplateOrder({ ...base, ticks: 0 }, '450', pair)).toEqual({
      ok: false,
      reason: 'reached',
    });
    expect(leverTemplateOrder({ ...base, ticks: -45_000 }, '450', pair)).toEqual({
      ok: false,
      reason: 'noPrice',
    });
  });

  it('a trigger is ticks × the tick from the mark, exactly, and never at the mark', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: -10_000, max: 10_000 }).filter((n) => n !== 0),
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        (cents, ticks, side) => {
          const mark = new Decimal(cents).dividedBy(100).toFixed(2);
          const o = leverTemplateOrder({ ...base, side, ticks }, mark, pair);
          if (!o.ok) {
            expect(new Decimal(mark).plus(ticks / 100).lessThanOrEqualTo(0)).toBe(true);
            return;
          }
          const trigger = new Decimal(o.trigger?.price ?? 'NaN');
          expect(trigger.minus(mark).times(100).toNumber()).toBe(ticks);
          // a long's stop waits for a rise, a short's for a fall
          const up = ticks > 0;
          expect(o.trigger?.kind).toBe((side === 'long') === up ? 'stop' : 'tp');
        },
      ),
    );
  });
});
