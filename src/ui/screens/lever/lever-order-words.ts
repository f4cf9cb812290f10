// What a contract order is, in words (issue 44): the tag of a conditional order (what it waits for
// and what became of it), a reduce-only order and a partial close's part. The tables show it
// beside the side; the CSV export writes it in a column of its own.
import type { LeverPositionView } from '../../../engine/api.ts';
import { kindOf } from '../../../shared/lever-conditional.ts';
import type { I18n } from '../../i18n/i18n-context.tsx';
import { priceDpOf } from './stop-dialog.tsx';

/** A conditional order's tag: "Stop market ≥ 80,000.00 (mark)", "… triggered at …". */
export function triggerTagText(p: LeverPositionView, { t, fmt }: Pick<I18n, 't' | 'fmt'>): string {
  const g = p.trigger;
  if (g === null) return '';
  return t('lever.trigger.tag', {
    kind: kindOf(p.side, g.direction),
    order: g.market ? 'market' : 'limit',
    state: g.state,
    direction: g.direction,
    price: fmt.fixed(g.price, priceDpOf(p.symbol)),
    by: p.stopsBy,
  });
}

/** The order's tag, or '' for a plain order or position. */
export function orderTagText(p: LeverPositionView, i18n: Pick<I18n, 't' | 'fmt'>): string {
  if (p.trigger !== null) return triggerTagText(p, i18n);
  if (p.reduceOnly) return i18n.t('lever.positions.reduceOnly');
  if (p.splitFrom !== 0) return i18n.t('lever.positions.partOf', { id: p.splitFrom + 10000 });
  return '';
}
