// The confirmation of a lever order (lever-form.tsx): the levels and the trigger as they stand when
// it opens (what will be sent), whether the order may go to it, and the dialog itself: reduce-only,
// or an opening with its costs, its levels and its trigger.
import type { Decimal } from '../../../shared/decimal.ts';
import type { LeverDealView } from '../../../engine/api.ts';
import type { LeverOrderField, LeverValidationId } from '../../../shared/lever.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import type { resolveStops } from './entry-stops-math.ts';
import type { formFigures } from './lever-form-math.ts';
import { Confirm } from './lever-form-parts.tsx';
import { ReduceConfirm } from './lever-reduce-parts.tsx';

export type Errors = { [K in LeverOrderField | 'stopPrice']?: LeverValidationId | undefined };

export interface ConfirmedStops {
  takeProfit: string;
  stopLoss: string;
  sentence: string | null;
  by: 'mark' | 'last';
  trailRate: string;
  trailActivation: string;
  /** A conditional order's trigger as the confirmation read it (ADR 0065); null: none. */
  trigger: { stopPrice: string; stopKind: 'stop' | 'tp' } | null;
}
/** The levels as they stand when the confirmation opens: what will be sent. */
export function confirmedOf(
  levels: ReturnType<typeof resolveStops>,
  by: 'mark' | 'last',
  sentence: string | null,
): ConfirmedStops {
  const text = (d: Decimal | null) => d?.toFixed() ?? '';
  return {
    takeProfit: text(levels.tp.price),
    stopLoss: text(levels.sl.price),
    sentence,
    by,
    trailRate: text(levels.trail.rate),
    trailActivation: text(levels.trail.activation),
    trigger: null,
  };
}

export const NO_LEVELS: ConfirmedStops = {
  takeProfit: '',
  stopLoss: '',
  sentence: null,
  by: 'mark',
  trailRate: '',
  trailActivation: '',
  trigger: null,
};

/** Whether the order may go to its confirmation: nothing to say about the fields, and the
 *  margin pays for it (MarginShort) or, reduce-only, the hands held cover it (ReduceAbove). */
export function readyToConfirm(
  found: Errors,
  o: { reduce: boolean; share: string; held: number; short: Decimal | null; levelsOk: boolean },
): boolean {
  if (o.reduce) return confirmable(found, null) && Number(o.share) <= o.held;
  return confirmable(found, o.short) && o.levelsOk;
}

/** The confirmation of the order: reduce-only, or an opening with its costs and levels. */
export function Confirms(p: {
  open: boolean;
  reduce: boolean;
  side: 1 | 2;
  meta: PairMeta;
  deal: LeverDealView;
  share: string;
  multiple: number | null;
  price: string | null;
  figures: ReturnType<typeof formFigures>['figures'];
  stops: string | null;
  /** A conditional order (ADR 0065): it waits for its trigger. */
  conditional: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  if (p.reduce)
    return (
      <ReduceConfirm
        open={p.open}
        side={p.side}
        meta={p.meta}
        share={p.share}
        price={p.price}
        pricePrecision={p.deal.pricePrecision}
        busy={p.busy}
        onConfirm={p.onConfirm}
        onClose={p.onClose}
      />
    );
  return (
    <Confirm
      open={p.open}
      long={p.side === 1}
      meta={p.meta}
      pricePrecision={p.deal.pricePrecision}
      share={p.share}
      multiple={p.multiple}
      price={p.price}
      figures={p.figures}
      stops={p.stops}
      conditional={p.conditional}
      busy={p.busy}
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    />
  );
}

/** Nothing to say about the fields, and the available margin pays for the order. */
const confirmable = (found: Errors, short: Decimal | null): boolean =>
  Object.keys(found).length === 0 && short === null;
