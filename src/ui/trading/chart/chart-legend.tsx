// The read-out over the chart: the bar under the crosshair (or the newest bar) with its
// original decimal strings in the locale's number format (the pair's decimals), and the MA
// values. Re-renders at most once per painted frame, and
// only when the bar or the hover changes. The re-render is a transition: the newest bar changes
// in the same frame as the market list and the pair's figures (one server tick), and its
// layout would make that frame a long one at low-end CPU rates (issue 19); a frame later is as
// good for a read-out.
import { memo } from 'react';
import { toPixelNumber } from '../../../shared/decimal.ts';
import { useSignalDeferred } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatFixed } from '../../i18n/format.ts';
import type { ChartController } from './chart-controller.ts';
import type { ChartMode } from '../paint/chart-draw.ts';
import type { ChartIndicator } from '../../../shared/workspace.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import { CROSS_FAST, CROSS_SLOW, MA_MAIN } from '../paint/indicators.ts';
import { formatBarTime, localOffsetMs } from '../paint/ticks.ts';
import { STUDY_ROW } from '../paint/chart-geometry.ts';

interface ChartLegendProps {
  controller: ChartController;
  mode: ChartMode;
  indicators: readonly ChartIndicator[];
  periodSec: number;
  pricePrecision: number;
  amountPrecision: number;
  locale: string;
  params: StudyParams;
}

const NO_VALUE = '--';

export const ChartLegend = memo(function ChartLegend(props: ChartLegendProps) {
  const { controller, mode, indicators, periodSec, pricePrecision, amountPrecision, locale } =
    props;
  const { params } = props;
  const { t } = useI18n();
  const legend = useSignalDeferred(controller.legend);
  if (legend === null) return null;
  const { bar } = legend;
  const dir = toPixelNumber(bar.close) >= toPixelNumber(bar.open) ? 'up' : 'down';
  const price = (v: string): string => formatFixed(v, pricePrecision, locale);
  // an average is drawn from pixels' numbers: shown rounded to the pair's price decimals
  const ma = (v: number): string =>
    Number.isFinite(v) ? price(v.toFixed(pricePrecision)) : NO_VALUE;

  return (
    <div className="chart__legend" data-testid="chart-legend" data-hover={legend.hovering}>
      <div className="chart__legend-row">
        <span className="chart__legend-time">
          {formatBarTime(bar.time, periodSec, locale, localOffsetMs(bar.time))}
        </span>
        <Item label={t('chart.legend.open')} value={price(bar.open)} dir={dir} />
        <Item label={t('chart.legend.high')} value={price(bar.high)} dir={dir} />
        <Item label={t('chart.legend.low')} value={price(bar.low)} dir={dir} />
        <Item label={t('chart.legend.close')} value={price(bar.close)} dir={dir} />
        <Item
          label={t('chart.legend.volume')}
          value={formatFixed(bar.volume, amountPrecision, locale)}
          dir="plain"
        />
      </div>
      <div className="chart__legend-row">
        {indicators.includes('ma') && (
          <Item
            label={t('chart.legend.ma', { window: MA_MAIN })}
            value={ma(legend.ma15)}
            dir="ma15"
          />
        )}
        {mode === 'candles' && indicators.includes('cross') && (
          <>
            <Item
              label={t('chart.legend.ma', { window: CROSS_FAST })}
              value={ma(legend.ma10)}
              dir="ma10"
            />
            <Item
              label={t('chart.legend.ma', { window: CROSS_SLOW })}
              value={ma(legend.ma20)}
              dir="ma20"
            />
            <span className="chart__cross-key" title={t('chart.legend.crossHint')}>
              <span className="chart__cross chart__cross--golden">{t('chart.legend.golden')}</span>
              <span className="chart__cross chart__cross--death">{t('chart.legend.death')}</span>
            </span>
          </>
        )}
      </div>
      {STUDY_ROW.some((i) => indicators.includes(i)) && (
        <div className="chart__legend-row">
          <StudyItems
            indicators={indicators}
            params={params}
            at={(col) => legend.series[col][legend.index] ?? NaN}
            price={ma}
            amountPrecision={amountPrecision}
            locale={locale}
          />
        </div>
      )}
    </div>
  );
});

function Item({ label, value, dir }: { label: string; value: string; dir: string }) {
  return (
    <span className="chart__legend-item">
      <span className="chart__legend-label">{label}</span>
      <span className={`chart__legend-value chart__legend-value--${dir}`}>{value}</span>
    </span>
  );
}

type StudyColumn = 'ema' | 'bollMid' | 'bollUp' | 'bollLow' | 'vwap' | 'volma';

/** The studies over the price and the volume (issue 46), each with its value at the legend's
 *  bar; the oscillators' values are in their panes. */
function StudyItems(p: {
  indicators: readonly ChartIndicator[];
  params: StudyParams;
  at: (col: StudyColumn) => number;
  price: (v: number) => string;
  amountPrecision: number;
  locale: string;
}) {
  const { t } = useI18n();
  const on = (i: ChartIndicator): boolean => p.indicators.includes(i);
  const num = (v: number, dp: number): string =>
    Number.isFinite(v) ? formatFixed(v.toFixed(dp), dp, p.locale) : NO_VALUE;
  const { params: q } = p;
  return (
    <>
      {on('ema') && (
        <Item
          label={t('chart.legend.ema', { period: q.ema.period })}
          value={p.price(p.at('ema'))}
          dir="ema"
        />
      )}
      {on('boll') && (
        <Item
          label={t('chart.legend.boll', { period: q.boll.period, mult: q.boll.mult })}
          value={`${p.price(p.at('bollUp'))} / ${p.price(p.at('bollMid'))} / ${p.price(p.at('bollLow'))}`}
          dir="boll"
        />
      )}
      {on('vwap') && (
        <Item label={t('chart.legend.vwap')} value={p.price(p.at('vwap'))} dir="vwap" />
      )}
      {on('volma') && on('volume') && (
        <Item
          label={t('chart.legend.volma', { period: q.volma.period })}
          value={num(p.at('volma'), p.amountPrecision)}
          dir="volma"
        />
      )}
    </>
  );
}
