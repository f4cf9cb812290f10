// The spot screen's trading on the chart (issue 46): a line for each of the user's open orders
// on the pair (solid, at its limit price, labelled with its side and what remains) and each
// waiting conditional order (dashed, at its trigger, labelled with its kind); dragging one
// amends it (an order: its price; a conditional order: its trigger, and a limit kind's price
// by the same distance, so the limit keeps its offset), its × cancels it, and an order offered
// at a price of the chart fills the ticket. Rows held from an earlier page session are drawn
// but neither moved nor cancelled, as in the table.
import { computed, signal, type Signal } from '@preact/signals-core';
import { useEffect, useMemo } from 'react';
import type {
  CommandResult,
  FilledOrderView,
  OpenOrderView,
  SpotTriggerView,
} from '../../../engine/api.ts';
import { timeOf, type ChartFill } from '../../trading/chart/chart-fills.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { orders, session } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import {
  tradingLine,
  type ChartTrading,
  type ChartTradingLine,
} from '../../trading/chart/chart-trading.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import type { PickedPrice } from './spot-form.tsx';
import { triggersChanged, useTriggersKey } from './trigger-list.tsx';
import { KIND_LABEL } from './trigger-words.ts';
import { triggerMove } from './trigger-move.ts';

const loggedIn = computed(() => session.value.loggedIn);

export function useSpotChartTrading(
  meta: PairMeta,
  picked: Signal<PickedPrice | null>,
  openForm?: (side: 'buy' | 'sell') => void,
): ChartTrading {
  const { t, fmt } = useI18n();
  const waiting = useMemo(() => signal<readonly SpotTriggerView[]>([]), []);
  const signedIn = useSignalValue(loggedIn);
  const key = useTriggersKey();

  useEffect(() => {
    if (!signedIn) {
      waiting.value = [];
      return undefined;
    }
    let live = true;
    void allWaiting().then((rows) => {
      if (live && rows !== null) waiting.value = rows.filter((x) => x.symbol === meta.symbol);
    });
    return () => {
      live = false;
    };
  }, [signedIn, key, meta.symbol, waiting]);

  return useMemo(() => {
    const words = { t, fmt, meta };
    const lines = computed(() => {
      const o = orders.value;
      const held = o.openHeld;
      return [
        ...o.open.filter((x) => x.symbol === meta.symbol).map((x) => orderLine(x, held, words)),
        ...waiting.value.map((x) => triggerLine(x, words)),
      ];
    });
    const fills = computed(() =>
      orders.value.history
        .filter((h) => h.symbol === meta.symbol && h.number !== '0')
        .map((h) => fillOf(h, words))
        .filter((f) => Number.isFinite(f.time)),
    );
    const find = (line: ChartTradingLine): OpenOrderView | SpotTriggerView | undefined =>
      line.key.startsWith('t')
        ? waiting.peek().find((x) => `t${x.id}` === line.key)
        : orders.peek().open.find((x) => `o${x.id}` === line.key);
    return {
      lines,
      fills,
      async move(line, price) {
        const x = find(line);
        if (x === undefined) return gone(t);
        if ('trigger' in x) {
          const r = await engine.amendSpotTrigger(triggerMove(x, price));
          triggersChanged();
          return r;
        }
        return engine.amendSpotOrder({ id: x.id, side: x.side, price, number: '' });
      },
      async cancel(line) {
        const x = find(line);
        if (x !== undefined && 'trigger' in x) {
          const r = await engine.cancelSpotTrigger({ id: x.id });
          triggersChanged();
          return r;
        }
        if (x === undefined) return gone(t);
        return engine.cancelSpotOrder({ id: x.id, side: x.side });
      },
      offer(price, side, kind) {
        picked.value = { price, side, kind };
        openForm?.(side);
        focusAmount(side, kind);
      },
    } satisfies ChartTrading;
  }, [t, fmt, meta, waiting, picked, openForm]);
}

/** The line's order was filled or cancelled meanwhile (its line goes with the next update). */
function gone(t: I18n['t']): CommandResult {
  return { ok: false, code: 'server', type: 'gone', message: t('chart.line.gone') };
}

interface Words {
  t: I18n['t'];
  fmt: I18n['fmt'];
  meta: PairMeta;
}

/** A finished order of the history as a fill on the chart (its average price, what filled). */
function fillOf(h: FilledOrderView, w: Words): ChartFill {
  return {
    key: `h${h.id}`,
    time: timeOf(h.time),
    side: h.side,
    text: w.t(h.side === 'buy' ? 'chart.fill.buy' : 'chart.fill.sell', {
      amount: w.fmt.fixed(h.number, w.meta.amountPrecision),
      price: w.fmt.fixed(h.price, w.meta.pricePrecision),
      time: w.fmt.dateTime(h.time),
    }),
  };
}

function orderLine(o: OpenOrderView, held: boolean, w: Words): ChartTradingLine {
  const label = w.t('chart.line.limit', {
    side: w.t(o.side === 'buy' ? 'spot.orders.buy' : 'spot.orders.sell'),
    amount: w.fmt.fixed(o.number, w.meta.amountPrecision),
  });
  return tradingLine(w, `o${o.id}`, o.price, label, {
    tone: o.side,
    dashed: false,
    draggable: !held,
    cancellable: !held,
  });
}

function triggerLine(o: SpotTriggerView, w: Words): ChartTradingLine {
  const label = w.t('chart.line.trigger', {
    kind: w.t(KIND_LABEL[o.kind]),
    side: w.t(o.side === 'buy' ? 'spot.orders.buy' : 'spot.orders.sell'),
    amount: w.fmt.fixed(o.number, w.meta.amountPrecision),
  });
  return tradingLine(w, `t${o.id}`, o.trigger, label, {
    tone: o.side,
    dashed: true,
    draggable: true,
    cancellable: true,
  });
}

/** The ticket's amount for the side takes the focus (the price is filled in). */
function focusAmount(side: 'buy' | 'sell', kind: 'limit' | 'stop'): void {
  const form = kind === 'stop' ? `${side}-stop-form` : `${side}-form`;
  // after the ticket has switched to the form (and the sheet opened on a phone)
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLInputElement>(`[data-testid="${form}"] input[name="number"]`)
        ?.focus(),
    ),
  );
}

/** Most pages of waiting conditional orders the chart reads (10 a page). */
const WAITING_PAGES_MAX = 20;

/**
 * Every waiting conditional order, page after page (the chart draws them all, not the first
 * page's ten); null when the first page fails.
 */
async function allWaiting(): Promise<SpotTriggerView[] | null> {
  const rows: SpotTriggerView[] = [];
  for (let page = 1; page <= WAITING_PAGES_MAX; page += 1) {
    const r = await engine.spotTriggers('waiting', page);
    if (!r.ok) return page === 1 ? null : rows;
    rows.push(...r.data.rows);
    if (!r.data.hasMore) break;
  }
  return rows;
}
