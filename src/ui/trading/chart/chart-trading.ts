// What a trading screen gives its chart so the user trades on it (issue 46): the user's lines
// (open orders, conditional orders, a position's entry, take-profit, stop-loss and liquidation
// price), what moving or cancelling one does, and where an order offered at a price of the
// chart goes (the screen's ticket, which checks it like any order typed there).
import type { ReadonlySignal } from '@preact/signals-core';
import type { CommandResult } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import type { I18n } from '../../i18n/i18n-context.tsx';
import type { LineTone } from '../paint/chart-frame.ts';
import type { ChartFill } from './chart-fills.ts';

export interface ChartTradingLine {
  key: string;
  price: DecStr;
  /** The label on the chart: what it is, its side and amount. */
  label: string;
  /** What a screen reader says of it (the label and the price). */
  name: string;
  tone: LineTone;
  dashed: boolean;
  /** Dragging it (or moving it by keys) changes its price. */
  draggable: boolean;
  cancellable: boolean;
}

/** An order offered at a price of the chart: a limit order, or a conditional (stop) one. */
export type OfferKind = 'limit' | 'stop';

export interface ChartTrading {
  lines: ReadonlySignal<readonly ChartTradingLine[]>;
  /** The user's fills on the pair, marked on the candles. */
  fills: ReadonlySignal<readonly ChartFill[]>;
  /** How the offer menu names the sides: buy and sell, or long and short (contracts). */
  offerSides?: 'spot' | 'lever';
  /** Gives the line the new price (an amend); the reply says how it went. */
  move(line: ChartTradingLine, price: string): Promise<CommandResult<unknown>>;
  cancel(line: ChartTradingLine): Promise<CommandResult<unknown>>;
  /** Opens the ticket with the order at `price` (the ticket checks it when the user sends it). */
  offer(price: string, side: 'buy' | 'sell', kind: OfferKind): void;
}

/** What a screen needs to word its lines. */
export interface LineWords {
  t: I18n['t'];
  fmt: I18n['fmt'];
  meta: { pricePrecision: number };
}

/** A line with its label, and the name a screen reader gives it (the label and the price). */
export function tradingLine(
  w: LineWords,
  key: string,
  price: string,
  label: string,
  rest: Pick<ChartTradingLine, 'tone' | 'dashed' | 'draggable' | 'cancellable'>,
): ChartTradingLine {
  const name = w.t('chart.line.name', { label, price: w.fmt.fixed(price, w.meta.pricePrecision) });
  return { key, price: price as DecStr, label, name, ...rest };
}
