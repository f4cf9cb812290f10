// The depth pane of the chart panel (issue 24): the book's cumulative bids and asks around the
// mid, drawn from the engine's book (the same grouping as the book's) on a canvas the paint
// worker draws (depth-canvas.ts). Over it, the level under the pointer (or chosen with the
// arrow keys): its price, the cumulative amount from the best level, what that costs or fetches
// in the quote currency, and the average price of filling up to there — exact decimals.
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DepthView } from '../../../engine/api.ts';
import { BCP47 } from '../../../shared/locales.ts';
import { Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { depth } from '../../engine-bridge/signals.ts';
import { useSignalDeferred, useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { PairMeta } from '../pair-meta.ts';
import { DepthCanvas } from './depth-canvas.ts';
import { depthFigures } from '../paint/depth-math.ts';

export function DepthPane({ meta, switcher }: { meta: PairMeta; switcher: ReactNode }) {
  const { t } = useI18n();
  const view = useSignalValue(depth);
  useEffect(() => {
    void engine.watchDepth(true);
    return () => void engine.watchDepth(false);
  }, []);
  const ready = view !== null && view.symbol === meta.symbol;
  return (
    <div className="chart" data-testid="depth-chart">
      <div className="chart__toolbar">{switcher}</div>
      <div className="chart__body">
        <DepthStage meta={meta} />
        {!ready && (
          <div className="chart__state state">
            <Loading text={t('chart.depth.loading')} />
          </div>
        )}
        {ready && view.bids.length + view.asks.length === 0 && (
          <div className="chart__state state" role="status">
            <p>{t('chart.depth.empty')}</p>
          </div>
        )}
      </div>
    </div>
  );
}

const DepthStage = memo(function DepthStage({ meta }: { meta: PairMeta }) {
  const { t, lang } = useI18n();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<DepthCanvas | null>(null);
  const locale = BCP47[lang];

  useEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (canvas === null || box === null) return undefined;
    const c = new DepthCanvas(canvas, box, meta.pricePrecision, locale);
    setController(c);
    return () => {
      c.destroy();
      setController(null);
    };
    // a new canvas for a new locale only; the precision follows through setData
  }, [locale]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (controller === null) return undefined;
    return depth.subscribe((view) =>
      controller.setData(view?.symbol === meta.symbol ? view : null, meta.pricePrecision),
    );
  }, [controller, meta.symbol, meta.pricePrecision]);

  return (
    <div ref={boxRef} className="chart__stage">
      <canvas
        ref={canvasRef}
        className="chart__canvas"
        role="img"
        tabIndex={0}
        aria-label={t('chart.depth.label', { symbol: meta.symbol })}
        aria-description={t('chart.depth.keys')}
        data-testid="depth-canvas"
      />
      {controller !== null && <DepthReadout controller={controller} meta={meta} />}
    </div>
  );
});

/** The level under the pointer, in exact figures (re-rendered when the level or the book moves). */
function DepthReadout({ controller, meta }: { controller: DepthCanvas; meta: PairMeta }) {
  const { t, fmt } = useI18n();
  const level = useSignalValue(controller.hover);
  const view: DepthView | null = useSignalDeferred(depth);
  if (level === null || view === null) return null;
  const f = depthFigures(view, level.side, level.index);
  if (f === null) return null;
  const pdp = meta.pricePrecision;
  return (
    <dl className={`depth__readout is-${level.side}`} role="status" data-testid="depth-readout">
      <div>
        <dt>{t('chart.depth.price')}</dt>
        <dd data-figure="price">{fmt.fixed(f.price, pdp)}</dd>
      </div>
      <div>
        <dt>{t('chart.depth.amount', { currency: meta.base })}</dt>
        <dd data-figure="amount" data-value={f.amount}>
          {fmt.fixed(f.amount, meta.amountPrecision)}
        </dd>
      </div>
      <div>
        <dt>{t('chart.depth.total', { currency: meta.quote })}</dt>
        <dd data-figure="total" data-value={f.total}>
          {fmt.fixed(f.total, pdp)}
        </dd>
      </div>
      <div>
        <dt>{t('chart.depth.average')}</dt>
        <dd data-figure="average" data-value={f.average}>
          {fmt.fixed(f.average, pdp)}
        </dd>
      </div>
    </dl>
  );
}
