// Recent trades of the selected pair (newest first, at most 20: spec §9): price coloured by the
// taker's direction, amount, time. Painted on a canvas (ADR 0012): under a busy market most
// rows change every frame, and painting 20 rows costs a fraction of laying out their text
// (bench B4). New trades reach the canvas straight from the signal, without a React render;
// the canvas' fallback content lists them for assistive technology, once a second.
import { memo, useEffect, useRef, useState } from 'react';
import type { TradeView } from '../../engine/api.ts';
import { TRADES_KEPT } from '../../shared/constants.ts';
import { trades } from '../engine-bridge/signals.ts';
import { useSignalSampled, useSignalSelect } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { locale } from '../i18n/i18n.ts';
import { DataAge } from '../components/data-age.tsx';
import { Empty, NotKnown } from '../components/states.tsx';
import { useConnectionDown } from '../components/connection-down.ts';
import type { PairMeta } from './pair-meta.ts';
import { TradesCanvasController } from './trades-canvas.ts';
import type { TradesOptions } from './trades-canvas.ts';

/** How often the fallback list follows the trades. */
const LIST_REFRESH_MS = 1000;

const hasAny = (list: readonly TradeView[]): boolean => list.length > 0;
const newest = (list: readonly TradeView[]): number | null =>
  list.reduce<number | null>((m, tr) => (m === null || tr.time > m ? tr.time : m), null);
const all = (list: readonly TradeView[]): readonly TradeView[] => list;

export function RecentTrades({ meta }: { meta: PairMeta }) {
  const { t } = useI18n();
  const any = useSignalSelect(trades, hasAny);
  const lastAt = useSignalSelect(trades, newest);
  const down = useConnectionDown();
  return (
    <section className="spot__panel spot__trades" aria-labelledby="spot-trades-title">
      <header className="spot__head">
        <h2 id="spot-trades-title" className="spot__title">
          {t('spot.trades.title')}
        </h2>
      </header>
      <DataAge at={lastAt} />
      <div className="trades__cols" aria-hidden="true">
        <span>{t('spot.trades.price', { currency: meta.quote })}</span>
        <span className="num">{t('spot.trades.amount', { currency: meta.base })}</span>
        <span className="num">{t('spot.trades.time')}</span>
      </div>
      {any ? (
        <TradesCanvas priceDp={meta.pricePrecision} amountDp={meta.amountPrecision} />
      ) : down ? (
        // none received and no connection: not known, which is not "no trades"
        <NotKnown text={t('spot.trades.unknown')} />
      ) : (
        <Empty text={t('spot.trades.empty')} />
      )}
    </section>
  );
}

const TradesCanvas = memo(function TradesCanvas(props: { priceDp: number; amountDp: number }) {
  const { t, fmt } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [controller, setController] = useState<TradesCanvasController | null>(null);
  const options: TradesOptions = { ...props, locale: locale() };
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const [b, c] = [box.current, canvas.current];
    if (b === null || c === null) return undefined;
    const ctl = new TradesCanvasController(c, b, latest.current, TRADES_KEPT);
    setController(ctl);
    return () => {
      ctl.destroy();
      setController(null);
    };
  }, []);

  useEffect(() => controller?.setOptions(latest.current));
  useEffect(() => {
    if (controller === null) return undefined;
    return trades.subscribe((list) => controller.setTrades(list));
  }, [controller]);

  const listed = useSignalSampled(trades, all, LIST_REFRESH_MS);
  return (
    // a scroller is a focus stop of its own (the arrow keys scroll it), named like the panel
    <div
      ref={box}
      className="trades__list"
      role="region"
      aria-label={t('spot.trades.title')}
      tabIndex={0}
      data-testid="trades-region"
    >
      <canvas ref={canvas} className="trades__canvas" aria-label={t('spot.trades.title')}>
        <ol data-testid="recent-trades">
          {listed.map((tr) => (
            <li key={tr.id} data-trade-id={tr.id}>
              {t('spot.trades.row', {
                price: fmt.fixed(tr.price, props.priceDp),
                amount: fmt.fixed(tr.amount, props.amountDp),
                time: fmt.time(tr.time),
                side: tr.direction,
              })}
            </li>
          ))}
        </ol>
      </canvas>
    </div>
  );
});
