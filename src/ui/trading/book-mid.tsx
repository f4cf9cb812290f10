// The middle of the book: the last trade's price coloured by its direction (click to use it),
// and the spread between the best ask and the best bid. It changes with nearly every book diff,
// so it is drawn in the paint worker (mid-canvas.ts, mid-paint.ts) straight from the signals,
// without a React render or a layout of the page (issue 19). The page keeps a real button over
// the price (a click or Enter uses the price) and, for assistive technology, the same figures
// as the button's name and description, refreshed at most once a second: attributes, not text,
// so that following the market lays nothing out.
import { computed } from '@preact/signals-core';
import type { ReadonlySignal } from '@preact/signals-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BookView, SpotView, TradeView } from '../../engine/api.ts';
import { book, spot, trades } from '../engine-bridge/signals.ts';
import { useSignalSampled } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { locale } from '../i18n/i18n.ts';
import { spreadPercent } from './paint/book-math.ts';
import { MidCanvasController } from './mid-canvas.ts';
import type { MidFigures } from './mid-canvas.ts';
import { PERCENT_SLOT } from './paint/mid-paint.ts';

interface BookMidProps {
  symbol: string;
  pricePrecision: number;
  onPick: (price: string) => void;
}

/** How often the figures read by assistive technology follow the market. */
const SAID_EVERY_MS = 1000;

/** The row's figures from the engine's views (the last trade, else the panel's last price). */
export function midFigures(
  b: BookView | null,
  list: readonly TradeView[],
  view: SpotView | null,
  symbol: string,
): MidFigures {
  const last = list[0];
  const ours = b !== null && b.symbol === symbol;
  return {
    last: last?.price ?? (view?.loaded === true ? view.lastPrice : null),
    direction: last === undefined ? 'flat' : last.direction === 'buy' ? 'up' : 'down',
    spread: ours ? (b.spread ?? null) : null,
    bestAsk: ours ? (b.bestAsk ?? null) : null,
  };
}

const asText = (m: MidFigures): string =>
  `${m.last ?? ''}|${m.direction}|${m.spread ?? ''}|${m.bestAsk ?? ''}`;
const same = (text: string): string => text;

export function BookMid({ symbol, pricePrecision, onPick }: BookMidProps) {
  const { t, fmt } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<MidCanvasController | null>(null);
  const figures = useMemo(
    (): ReadonlySignal<MidFigures> =>
      computed(() => midFigures(book.value, trades.value, spot.value, symbol)),
    [symbol],
  );
  const options = {
    priceDp: pricePrecision,
    locale: locale(),
    spreadLabel: t('spot.book.spread'),
    percentMessage: t('spot.book.spreadPercent', { percent: PERCENT_SLOT }),
  };
  const latestOptions = useRef(options);
  latestOptions.current = options;

  useEffect(() => {
    const [c, b] = [canvas.current, box.current];
    if (c === null || b === null) return undefined;
    const ctl = new MidCanvasController(c, b, latestOptions.current);
    setController(ctl);
    return () => {
      ctl.destroy();
      setController(null);
    };
  }, []);

  useEffect(() => controller?.setOptions(latestOptions.current));

  useEffect(() => {
    if (controller === null) return undefined;
    return figures.subscribe((m) => controller.setFigures(m));
  }, [controller, figures]);

  const said = useMemo(() => computed(() => asText(figures.value)), [figures]);
  const [last = '', , spread = '', bestAsk = ''] = useSignalSampled(
    said,
    same,
    SAID_EVERY_MS,
  ).split('|');
  const pct = spreadPercent(spread === '' ? null : spread, bestAsk === '' ? null : bestAsk);
  const pick = (): void => {
    const now = figures.peek().last;
    if (now !== null) onPick(now);
  };
  return (
    <div ref={box} className="book__mid" data-testid="book-mid">
      <canvas ref={canvas} className="book__mid-canvas" aria-hidden="true" />
      <button
        type="button"
        className="book__last-hit"
        onClick={pick}
        aria-label={last === '' ? '--' : fmt.fixed(last, pricePrecision)}
        aria-description={
          `${t('spot.book.spread')} ${spread === '' ? '--' : fmt.fixed(spread, pricePrecision)}` +
          (pct === null ? '' : ` ${t('spot.book.spreadPercent', { percent: fmt.fixed(pct, 2) })}`)
        }
        data-testid="book-last"
      />
    </div>
  );
}
