// Reduce-only on the lever ticket (issue 44, ADR 0061): the switch, the hands held on the other
// side (what the order can close, oldest first), the refusal when the hands typed are more, and
// the confirmation. A reduce-only order never opens a position: no multiple, margin, fee or
// levels of its own.
import { TriggerTag } from './lever-trigger.tsx';
import { computed } from '@preact/signals-core';
import { useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { lever } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { PairMeta } from '../../trading/pair-meta.ts';
import type { LeverDealView, LeverPositionView } from '../../../engine/api.ts';

type Side = 1 | 2;
const other = (side: Side): Side => (side === 1 ? 2 : 1);
const sideWord = (side: Side) => (side === 1 ? 'long' : 'short');

/** The hands of the watched pair's open positions on the side a `side` order reduces. */
export function useHeldAgainst(side: Side, symbol: string): number {
  const held = useMemo(
    () =>
      computed(() =>
        lever.value.holding.rows
          .filter((p) => p.status === 1 && p.symbol === symbol && p.side === other(side))
          .reduce((n, p) => n + Number(p.share), 0),
      ),
    [side, symbol],
  );
  return useSignalValue(held);
}

/**
 * The ticket side's reduce-only switch and what follows from it: the hands held on the other
 * side, the slider's 100 % (those hands, or `most` the margin pays for), and the multiple sent
 * (a reduce-only order opens nothing: the pair's first multiple goes with it, as the call asks).
 */
export function useReduceOnly(
  side: Side,
  symbol: string,
  deal: LeverDealView,
  multiple: number | null,
  most: number,
) {
  const [on, set] = useState(false);
  const held = useHeldAgainst(side, symbol);
  return {
    on,
    set,
    held,
    cap: on ? held : most,
    multiple: on ? (deal.multiples[0] ?? null) : multiple,
  };
}

export function ReduceToggle(p: {
  side: Side;
  on: boolean;
  held: number;
  onChange: (on: boolean) => void;
}) {
  const { t } = useI18n();
  const hintId = useId();
  const name = sideWord(p.side);
  return (
    <div className="order-opts lever-reduce">
      <label className="order-opts__check">
        <input
          type="checkbox"
          checked={p.on}
          aria-describedby={p.on ? hintId : undefined}
          data-testid={`lever-reduce-${name}`}
          onChange={(e) => p.onChange(e.currentTarget.checked)}
        />
        {t('lever.form.reduceOnly')}
      </label>
      {p.on && (
        <p id={hintId} className="lever-reduce__hint muted" data-testid={`lever-held-${name}`}>
          {t('lever.form.reduceHint', { side: sideWord(other(p.side)), held: p.held })}
        </p>
      )}
    </div>
  );
}

/** More hands typed than held on the other side: said before any confirm. */
export function ReduceAbove(p: { side: Side; share: string; held: number }) {
  const { t } = useI18n();
  if (!/^\d+$/.test(p.share) || Number(p.share) <= p.held) return null;
  return (
    <p
      className="field__error lever-form__short"
      role="alert"
      data-testid={`lever-reduce-above-${sideWord(p.side)}`}
    >
      {t('lever.form.reduceAbove', { side: sideWord(other(p.side)), held: p.held })}
    </p>
  );
}

export function ReduceConfirm(p: {
  open: boolean;
  side: Side;
  meta: PairMeta;
  share: string;
  /** The limit price; null at market. */
  price: string | null;
  pricePrecision: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, fmt } = useI18n();
  const hands = Number(p.share);
  const body =
    p.price === null
      ? t('lever.form.reduceAtMarket')
      : t('lever.form.reduceAtLimit', {
          price: fmt.fixed(p.price, p.pricePrecision),
          currency: p.meta.quote,
        });
  return (
    <ConfirmDialog
      open={p.open}
      title={t('lever.form.confirmReduce', {
        hands: Number.isFinite(hands) ? hands : 0,
        side: sideWord(other(p.side)),
        symbol: p.meta.symbol,
      })}
      body={body}
      confirmLabel={t('lever.form.sure')}
      cancelLabel={t('common.cancel')}
      busy={p.busy}
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    />
  );
}

/**
 * A row's kind beside its side: a conditional order (what it waits for, or became), a reduce-only
 * order, or the hands a partial close took off.
 */
export function OrderTags({ p }: { p: LeverPositionView }) {
  const { t } = useI18n();
  if (p.trigger !== null) return <TriggerTag p={p} />;
  if (p.reduceOnly)
    return (
      <>
        {' '}
        <span className="lever-tag" data-testid="lever-reduce-tag">
          {t('lever.positions.reduceOnly')}
        </span>
      </>
    );
  if (p.splitFrom === 0) return null;
  return (
    <>
      {' '}
      <span className="lever-tag muted" data-testid="lever-part-tag">
        {t('lever.positions.partOf', { id: p.splitFrom + 10000 })}
      </span>
    </>
  );
}
