// The canvas and its legend. The controller lives as long as the canvas; props only feed it
// (setData marks the chart dirty, the next animation frame paints).
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { Bar } from '../../../engine/api.ts';
import { ChartController } from './chart-controller.ts';
import type { ChartMode } from '../paint/chart-draw.ts';
import type { ChartIndicator } from '../../../shared/workspace.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import { ChartLegend } from './chart-legend.tsx';
import { ChartLinesLayer } from './chart-lines-layer.tsx';
import type { ChartTrading } from './chart-trading.ts';
import { ChartDrawingsLayer } from './chart-drawings-layer.tsx';
import type { DrawTool } from './chart-draw-menu.tsx';
import { HeatFeed } from './chart-heat.ts';
import { engine } from '../../engine-bridge/bridge.ts';

export interface ChartCanvasProps {
  /** Symbol and button; a new key resets zoom and pan. */
  dataKey: string;
  bars: readonly Bar[];
  mode: ChartMode;
  indicators: readonly ChartIndicator[];
  periodSec: number;
  pricePrecision: number;
  /** The studies' parameters (issue 46). */
  params: StudyParams;
  /** Decimals of the pair's amounts (the legend's volume). */
  amountPrecision: number;
  locale: string;
  /** Incremented by the "latest" button: back to the newest bars. */
  resetSignal: number;
  label: string;
  /** The user's orders and levels on the chart, on a trading screen (issue 46). */
  trading?: ChartTrading | undefined;
  /** The pair, whose drawings the chart shows (issue 46). */
  symbol: string;
  /** The drawing tool chosen in the toolbar, and what puts it down. */
  drawTool: DrawTool | null;
  onDrawToolDone: () => void;
  /** The pair whose depth heatmap is drawn behind the candles (issue 47); null: none. */
  heat?: string | null;
}

export const ChartCanvas = memo(function ChartCanvas(props: ChartCanvasProps) {
  const { dataKey, bars, mode, indicators, periodSec, pricePrecision, locale, resetSignal, label } =
    props;
  const { amountPrecision, params } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [controller, setController] = useState<ChartController | null>(null);
  const canvas = useCallback(() => canvasRef.current, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return undefined;
    const c = new ChartController(canvas, locale);
    setController(c);
    return () => {
      c.destroy();
      setController(null);
    };
  }, [locale]);

  const heat = props.heat ?? null;
  useEffect(() => {
    if (controller === null || heat === null) return undefined;
    const feed = new HeatFeed(
      (symbol, since) => engine.depthHeat(symbol, since),
      (data) => controller.setHeat(data),
    );
    feed.watch(heat);
    return () => {
      feed.destroy();
      controller.setHeat(null);
    };
  }, [controller, heat]);

  useEffect(() => {
    controller?.setData({
      key: dataKey,
      bars,
      mode,
      indicators,
      periodSec,
      pricePrecision,
      params,
    });
  }, [controller, dataKey, bars, mode, indicators, periodSec, pricePrecision, params]);

  useEffect(() => {
    if (resetSignal > 0) controller?.resetView();
  }, [controller, resetSignal]);

  return (
    <div className="chart__stage">
      <canvas
        ref={canvasRef}
        className="chart__canvas"
        role="img"
        tabIndex={0}
        aria-label={label}
        data-testid="spot-chart-canvas"
      />
      {controller !== null && (
        <ChartLegend
          controller={controller}
          mode={mode}
          indicators={indicators}
          periodSec={periodSec}
          pricePrecision={pricePrecision}
          amountPrecision={amountPrecision}
          locale={locale}
          params={params}
        />
      )}
      {controller !== null && props.trading !== undefined && (
        <ChartLinesLayer
          controller={controller}
          trading={props.trading}
          pricePrecision={pricePrecision}
          canvas={canvas}
        />
      )}
      {controller !== null && props.symbol !== '' && (
        <ChartDrawingsLayer
          controller={controller}
          symbol={props.symbol}
          pricePrecision={pricePrecision}
          tool={props.drawTool}
          onToolDone={props.onDrawToolDone}
          canvas={canvas}
        />
      )}
    </div>
  );
});
