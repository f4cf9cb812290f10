// The contracts screen's trading on the chart (issue 46): for each open position of the pair, its
// entry (solid, with the side, the hands and the live P&L), its take-profit and stop-loss (dashed;
// dragged or moved by keys, they are set again, the other level kept: the contract sets both
// together, on 2 decimals), and its liquidation price (dashed, the estimate the ticket shows:
// the other positions and the free balance staying as they are); for each waiting order, a line
// at its limit price or its trigger, dragged to amend it (ADR 0068) and cancelled from its ×.
// An order offered at a price of the chart opens the long or short ticket at that price.
import { computed, type Signal } from '@preact/signals-core';
import { useMemo } from 'react';
import type { CommandResult, LeverPositionView, LeverView } from '../../../engine/api.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';
import { liquidationPrice, STOP_PRICE_DECIMALS } from '../../../shared/lever.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { lever } from '../../engine-bridge/signals.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import {
  tradingLine,
  type ChartTrading,
  type ChartTradingLine,
  type OfferKind,
} from '../../trading/chart/chart-trading.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { timeOf, type ChartFill } from '../../trading/chart/chart-fills.ts';
import { DEFAULT_BURST_LINE } from './lever-risk.ts';
import { signedMoney } from './stop-dialog.tsx';

/** An order offered on the chart, for the lever ticket: the side, the kind, the price. */
export interface LeverPick {
  side: 1 | 2;
  kind: OfferKind;
  price: string;
}

type Target =
  { kind: 'entrust'; row: LeverPositionView } | { kind: 'tp' | 'sl'; row: LeverPositionView };

export function useLeverChartTrading(
  meta: PairMeta,
  picked: Signal<LeverPick | null>,
  openForm?: (side: 'buy' | 'sell') => void,
): ChartTrading {
  const { t, fmt } = useI18n();
  return useMemo(() => {
    const w: Words = { t, fmt, meta };
    const lines = computed(() => leverLines(lever.value, w));
    const fills = computed(() => leverFills(lever.value, w));
    const find = (line: ChartTradingLine): Target | null => {
      const [id, level] = line.key.slice(1).split(':');
      const v = lever.peek();
      if (line.key.startsWith('e')) {
        const row = v.entrusts.rows.find((r) => String(r.id) === id);
        return row === undefined ? null : { kind: 'entrust', row };
      }
      const row = v.holding.rows.find((r) => String(r.id) === id);
      return row === undefined || (level !== 'tp' && level !== 'sl') ? null : { kind: level, row };
    };
    return {
      lines,
      fills,
      offerSides: 'lever',
      move(line, price) {
        const target = find(line);
        if (target === null) return Promise.resolve(gone(t));
        const { row } = target;
        if (target.kind === 'entrust') {
          const waiting = row.trigger !== null && row.trigger.state === 'waiting';
          return engine.leverCommand('amend', {
            id: row.id,
            ...(waiting ? { trigger: price } : { price }),
          });
        }
        const level = stopPrice(price);
        return engine.leverCommand('set-stop', {
          id: row.id,
          takeProfit: target.kind === 'tp' ? level : row.takeProfit,
          stopLoss: target.kind === 'sl' ? level : row.stopLoss,
        });
      },
      cancel(line) {
        const target = find(line);
        if (target?.kind !== 'entrust') return Promise.resolve(gone(t));
        return engine.leverCommand('cancel', { id: target.row.id });
      },
      offer(price, side, kind) {
        picked.value = { side: side === 'buy' ? 1 : 2, kind, price };
        openForm?.(side);
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            document
              .querySelector<HTMLInputElement>(
                `[data-testid="lever-form-${side === 'buy' ? 'long' : 'short'}"] input[name="share"]`,
              )
              ?.focus(),
          ),
        );
      },
    } satisfies ChartTrading;
  }, [t, fmt, meta, picked, openForm]);
}

interface Words {
  t: I18n['t'];
  fmt: I18n['fmt'];
  meta: PairMeta;
}

/** The lines of the watched pair's positions and waiting orders. */
export function leverLines(v: LeverView, w: Words): ChartTradingLine[] {
  const out: ChartTradingLine[] = [];
  const symbol = w.meta.symbol;
  for (const p of v.holding.rows) {
    if (p.symbol !== symbol || p.status !== 1) continue;
    out.push(...positionLines(p, v, w));
  }
  for (const e of v.entrusts.rows) {
    if (e.symbol !== symbol || e.status !== 0) continue;
    out.push(entrustLine(e, v.entrusts.held, w));
  }
  return out;
}

/** Each position's opening, held or closed, as a fill on the chart. */
function leverFills(v: LeverView, w: Words): ChartFill[] {
  const out: ChartFill[] = [];
  for (const p of [...v.holding.rows, ...v.closed.rows]) {
    if (p.symbol !== w.meta.symbol || p.openTime === '') continue;
    const time = timeOf(p.openTime);
    if (!Number.isFinite(time)) continue;
    out.push({
      key: `l${p.id}`,
      time,
      side: p.side === 1 ? 'buy' : 'sell',
      text: w.t('chart.fill.opened', {
        side: sideWord(w, p.side),
        hands: handsText(w, p.share),
        price: w.fmt.fixed(p.price, w.meta.pricePrecision),
        time: w.fmt.dateTime(p.openTime),
      }),
    });
  }
  return out;
}

/** "1 hand", "3 hands" (a plural in every language: the lines' labels). */
function handsText(w: Words, share: string): string {
  const n = Math.trunc(Number(share));
  return w.t('chart.line.hands', { hands: Number.isFinite(n) ? n : 0 });
}

function sideWord(w: Words, side: 1 | 2): string {
  return w.t(side === 1 ? 'lever.positions.long' : 'lever.positions.short');
}

function positionLines(p: LeverPositionView, v: LeverView, w: Words): ChartTradingLine[] {
  const side = sideWord(w, p.side);
  const hands = handsText(w, p.share);
  const out = [
    tradingLine(
      w,
      `p${p.id}`,
      p.price,
      w.t('chart.line.position', {
        side,
        hands,
        pnl: signedMoney(w.fmt, p.profit),
        quote: w.meta.quote,
      }),
      { tone: 'entry', dashed: false, draggable: false, cancellable: false },
    ),
  ];
  // the contract sets both levels together (both above 0): one is moved, the other kept
  const both = isSet(p.takeProfit) && isSet(p.stopLoss) && !v.holding.held;
  for (const [level, price, word] of [
    ['tp', p.takeProfit, 'lever.entry.tp'],
    ['sl', p.stopLoss, 'lever.entry.sl'],
  ] as const) {
    if (!isSet(price)) continue;
    const label = w.t('chart.line.level', { level: w.t(word), side, hands });
    out.push(
      tradingLine(w, `p${p.id}:${level}`, price, label, {
        tone: level,
        dashed: true,
        draggable: both,
        cancellable: false,
      }),
    );
  }
  const liq = positionLiquidation(p, v);
  if (liq !== null) {
    const label = w.t('chart.line.level', { level: w.t('lever.form.liquidation'), side, hands });
    out.push(
      tradingLine(w, `p${p.id}:liq`, liq, label, {
        tone: 'liq',
        dashed: true,
        draggable: false,
        cancellable: false,
      }),
    );
  }
  return out;
}

function entrustLine(e: LeverPositionView, held: boolean, w: Words): ChartTradingLine {
  const hands = handsText(w, e.share);
  const side = sideWord(w, e.side);
  const waiting = e.trigger !== null && e.trigger.state === 'waiting' ? e.trigger : null;
  const label =
    waiting === null
      ? w.t('chart.line.limit', { side, amount: hands })
      : w.t('chart.line.trigger', {
          kind: w.t(waiting.market ? 'lever.trigger.stopMarket' : 'lever.trigger.stopLimit'),
          side,
          amount: hands,
        });
  return tradingLine(w, `e${e.id}`, waiting?.price ?? e.originPrice, label, {
    tone: e.side === 1 ? 'buy' : 'sell',
    dashed: waiting !== null,
    draggable: !held,
    cancellable: !held,
  });
}

/** The position's liquidation price, the others and the free balance staying as they are. */
export function positionLiquidation(p: LeverPositionView, v: LeverView): string | null {
  const risk = v.risk;
  if (risk === null || risk.balance === null) return null;
  const others = new Decimal(risk.profitsAll).minus(p.profit);
  const at = liquidationPrice({
    side: p.side,
    price: p.price,
    number: p.number,
    balance: risk.balance,
    margins: risk.marginAll,
    otherProfits: others,
    line: v.deal?.burstLine ?? DEFAULT_BURST_LINE,
  });
  return at === null ? null : at.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();
}

function isSet(value: string): boolean {
  const d = parseDecimal(value);
  return d !== null && !d.isZero();
}

/** A level on the contract's step (2 decimals), never below one step. */
function stopPrice(price: string): string {
  const step = new Decimal(10).pow(-STOP_PRICE_DECIMALS);
  const d = (parseDecimal(price) ?? step).toDecimalPlaces(
    STOP_PRICE_DECIMALS,
    Decimal.ROUND_HALF_UP,
  );
  return (d.lessThan(step) ? step : d).toFixed(STOP_PRICE_DECIMALS);
}

function gone(t: I18n['t']): CommandResult {
  return { ok: false, code: 'server', type: 'gone', message: t('chart.line.gone') };
}
