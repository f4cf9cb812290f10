// The spot chart panel (spec §2 "Chart widget"): the candles — period buttons (default one
// minute), the canvas with candles or the realtime line, and what it draws besides them (volume,
// MA 15 and the MA10/20 cross, each switched in the indicators menu), the loading, error and
// empty states — or, where the screen shows a book, the book's depth (depth-chart.tsx, issue
// 24). The pane, the period and the indicators are kept in the workspace. Data: the engine's
// chart signal.
import { memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Bar } from '../../../engine/api.ts';
import { KLINE_PERIOD_SECONDS, type KlinePeriod } from '../../../shared/constants.ts';
import { BCP47 } from '../../../shared/locales.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { CHART_PANES, type ChartPane, type Workspace } from '../../../shared/workspace.ts';
import { DEFAULT_STUDY_PARAMS } from '../../../shared/studies.ts';
import { IndicatorMenu } from './chart-indicators.tsx';
import { DrawMenu, type DrawTool } from './chart-draw-menu.tsx';
import { LineIcon } from '../../components/line-icon.tsx';
import { Popover } from '../../components/popover.tsx';
import { updateWorkspace, workspace } from '../../workspace.ts';
import { useSignalSelect } from '../../engine-bridge/use-signal-value.ts';
import '../../styles/chart.css';
import type { PairMeta } from '../pair-meta.ts';
import { ChartCanvas } from './chart-canvas.tsx';
import { DepthPane } from './depth-chart.tsx';
import { CHART_PERIODS, enginePeriod, type ChartPeriod } from './chart-periods.ts';
import { chartState, requestChartPeriod, type ChartState } from './chart-source.ts';
import type { ChartTrading } from './chart-trading.ts';

export interface SpotChartProps {
  meta: PairMeta;
  /** The screen shows the pair's book: the depth pane is offered. */
  depth?: boolean;
  /** The user's orders and levels on the candles (issue 46). */
  trading?: ChartTrading | undefined;
}

const PERIOD_LABELS: Record<ChartPeriod, MessageId> = {
  realtime: 'chart.period.realtime',
  '1min': 'chart.period.1min',
  '5min': 'chart.period.5min',
  '15min': 'chart.period.15min',
  '30min': 'chart.period.30min',
  '60min': 'chart.period.60min',
  '1day': 'chart.period.1day',
  '1week': 'chart.period.1week',
  '1mon': 'chart.period.1mon',
};

/** The compact labels of the toolbar (a terminal's "1m 5m 1h 1D"); the full name is the title. */
const SHORT_LABELS: Record<ChartPeriod, MessageId> = {
  realtime: 'chart.periodShort.realtime',
  '1min': 'chart.periodShort.1min',
  '5min': 'chart.periodShort.5min',
  '15min': 'chart.periodShort.15min',
  '30min': 'chart.periodShort.30min',
  '60min': 'chart.periodShort.60min',
  '1day': 'chart.periodShort.1day',
  '1week': 'chart.periodShort.1week',
  '1mon': 'chart.periodShort.1mon',
};

/** The periods shown as buttons; the others are in the "More" menu (ADR 0044). */
export const MAIN_PERIODS: readonly ChartPeriod[] = [
  'realtime',
  '1min',
  '5min',
  '15min',
  '60min',
  '1day',
];
const MORE_PERIODS = CHART_PERIODS.filter((p) => !MAIN_PERIODS.includes(p));

const NO_BARS: readonly Bar[] = Object.freeze([]);

export const SpotChart = memo(function SpotChart({ meta, depth = false, trading }: SpotChartProps) {
  const pane = useSignalSelect(workspace, paneOf);
  const switcher = depth ? <PaneSwitch pane={pane} /> : null;
  return depth && pane === 'depth' ? (
    <DepthPane meta={meta} switcher={switcher} />
  ) : (
    <CandlesPane
      pricePrecision={meta.pricePrecision}
      amountPrecision={meta.amountPrecision}
      switcher={switcher}
      trading={trading}
    />
  );
});

const paneOf = (w: Workspace): ChartPane => w.chart.pane;

/** Candles or depth (kept in the workspace). */
function PaneSwitch({ pane }: { pane: ChartPane }) {
  const { t } = useI18n();
  return (
    <div className="chart__panes" role="group" aria-label={t('chart.pane')}>
      {CHART_PANES.map((p) => (
        <button
          key={p}
          type="button"
          className={`chart__pane${p === pane ? ' chart__pane--active' : ''}`}
          aria-pressed={p === pane}
          data-pane={p}
          onClick={() => updateWorkspace((w) => ({ ...w, chart: { ...w.chart, pane: p } }))}
        >
          {t(p === 'depth' ? 'chart.pane.depth' : 'chart.pane.candles')}
        </button>
      ))}
    </div>
  );
}

interface CandlesPaneProps {
  /** Decimals of the pair's prices (axis labels, MA values). */
  pricePrecision: number;
  amountPrecision: number;
  /** The pane switch, first in the toolbar (null: the screen has no depth). */
  switcher: ReactNode;
  trading: ChartTrading | undefined;
}

function CandlesPane({ pricePrecision, amountPrecision, switcher, trading }: CandlesPaneProps) {
  const { t, lang } = useI18n();
  const {
    period,
    indicators,
    params = DEFAULT_STUDY_PARAMS,
    heatmap,
  } = useSignalSelect(workspace, chartOf);
  const [resetSignal, setResetSignal] = useState(0);
  const state = useSignalValue(chartState);
  const wanted = enginePeriod(period);

  useEffect(() => {
    void requestChartPeriod(wanted);
  }, [wanted]);

  const choose = useCallback(
    (next: ChartPeriod) => updateWorkspace((w) => ({ ...w, chart: { ...w.chart, period: next } })),
    [],
  );
  const retry = useCallback(() => void requestChartPeriod(wanted), [wanted]);
  const resetView = useCallback(() => setResetSignal((n) => n + 1), []);
  const [drawTool, setDrawTool] = useState<DrawTool | null>(null);
  const drawToolDone = useCallback(() => setDrawTool(null), []);

  const { bars, loading, error, symbol } = viewOf(state, wanted);
  const heat = symbol !== '' && period !== 'realtime' && heatmap?.includes(symbol) === true;

  return (
    <div className="chart" data-testid="spot-chart">
      <div className="chart__toolbar">
        {switcher}
        <div className="chart__periods" role="group" aria-label={t('chart.periods')}>
          {MAIN_PERIODS.map((p) => (
            <PeriodButton
              key={p}
              period={p}
              label={t(SHORT_LABELS[p])}
              title={t(PERIOD_LABELS[p])}
              active={p === period}
              onChoose={choose}
            />
          ))}
          <MorePeriods period={period} onChoose={choose} />
        </div>
        <IndicatorMenu indicators={indicators} params={params} symbol={symbol} heat={heat} />
        <DrawMenu tool={drawTool} onTool={setDrawTool} />
        {loading && bars.length > 0 && <span className="spinner chart__busy" aria-hidden="true" />}
        {error !== null && bars.length > 0 && (
          <span className="chart__note" role="status">
            {t('chart.error')}
          </span>
        )}
        <button
          type="button"
          className="chart__reset"
          title={t('chart.resetViewHint')}
          onClick={resetView}
          disabled={bars.length === 0}
        >
          <LineIcon size={18}>
            <path d="M4 12h12M11 6l6 6-6 6M20 5v14" />
          </LineIcon>
          <span className="chart__reset-text">{t('chart.resetView')}</span>
        </button>
      </div>
      <div className="chart__body">
        <ChartCanvas
          dataKey={`${symbol}|${period}`}
          bars={bars}
          mode={period === 'realtime' ? 'line' : 'candles'}
          indicators={indicators}
          periodSec={KLINE_PERIOD_SECONDS[wanted]}
          pricePrecision={pricePrecision}
          amountPrecision={amountPrecision}
          params={params}
          locale={BCP47[lang]}
          resetSignal={resetSignal}
          label={
            t('chart.canvasLabel', { symbol, period: t(PERIOD_LABELS[period]) }) +
            (trading === undefined ? '' : ` ${t('chart.offerHint')}`)
          }
          trading={trading}
          symbol={symbol}
          drawTool={drawTool}
          onDrawToolDone={drawToolDone}
          heat={heat ? symbol : null}
        />
        <ChartStatus loading={loading} error={error} empty={bars.length === 0} onRetry={retry} />
      </div>
    </div>
  );
}

const chartOf = (w: Workspace): Workspace['chart'] => w.chart;

interface ChartView {
  bars: readonly Bar[];
  loading: boolean;
  error: string | null;
  symbol: string;
}

/** What to show: bars of another period (the engine has not switched yet) count as loading. */
function viewOf(state: ChartState | null, wanted: KlinePeriod): ChartView {
  const current = state !== null && state.period === wanted ? state : null;
  return {
    bars: current?.bars ?? NO_BARS,
    loading: current === null || current.loading,
    error: current?.error ?? null,
    symbol: state?.symbol ?? '',
  };
}

/**
 * The periods beyond the buttons, in a menu. Its button names the chosen period when that is one
 * of them, marked as chosen; a choice closes the menu and gives focus back to the button.
 */
function MorePeriods({
  period,
  onChoose,
}: {
  period: ChartPeriod;
  onChoose: (period: ChartPeriod) => void;
}) {
  const { t } = useI18n();
  const root = useRef<HTMLDivElement>(null);
  const inside = MORE_PERIODS.includes(period);
  return (
    <div ref={root} className={`chart__more${inside ? ' chart__more--active' : ''}`}>
      <Popover
        className="chart__more-popover"
        label={
          <>
            {inside ? t(SHORT_LABELS[period]) : t('chart.morePeriods')}
            <span className="chart__caret" aria-hidden="true" />
          </>
        }
        testId="chart-more-periods"
        align="end"
      >
        {(close) => (
          <div className="chart__more-list" role="group" aria-label={t('chart.periods')}>
            {MORE_PERIODS.map((p) => (
              <PeriodButton
                key={p}
                period={p}
                label={t(PERIOD_LABELS[p])}
                active={p === period}
                onChoose={(next) => {
                  onChoose(next);
                  close();
                  root.current?.querySelector<HTMLElement>('.popover__button')?.focus();
                }}
              />
            ))}
          </div>
        )}
      </Popover>
    </div>
  );
}

interface PeriodButtonProps {
  period: ChartPeriod;
  label: string;
  /** The period's full name, where the label is the compact one. */
  title?: string;
  active: boolean;
  onChoose: (period: ChartPeriod) => void;
}

function PeriodButton({ period, label, title, active, onChoose }: PeriodButtonProps) {
  return (
    <button
      type="button"
      className={`chart__period${active ? ' chart__period--active' : ''}`}
      aria-pressed={active}
      title={title}
      data-period={period}
      onClick={() => onChoose(period)}
    >
      {label}
    </button>
  );
}

interface ChartStatusProps {
  loading: boolean;
  error: string | null;
  empty: boolean;
  onRetry: () => void;
}

/** Overlay for the states without a chart: loading, error, no data. */
function ChartStatus({ loading, error, empty, onRetry }: ChartStatusProps) {
  const { t } = useI18n();
  if (error !== null && empty) {
    return (
      <div className="chart__state state state--error" role="alert">
        <p>{t('chart.error')}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
          {t('chart.retry')}
        </button>
      </div>
    );
  }
  if (!empty) return null;
  if (loading) {
    return (
      <div className="chart__state state" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('chart.loading')}</p>
      </div>
    );
  }
  return (
    <div className="chart__state state" role="status">
      <p>{t('chart.empty')}</p>
    </div>
  );
}

/** The chart in its panel, as the trading screens place it (desktop grid or phone tab). */
export function ChartPanel({ meta, depth = false, trading }: SpotChartProps) {
  const { t } = useI18n();
  return (
    <section className="spot__panel spot__chart" aria-label={t('spot.chart.label')}>
      <SpotChart meta={meta} depth={depth} trading={trading} />
    </section>
  );
}
