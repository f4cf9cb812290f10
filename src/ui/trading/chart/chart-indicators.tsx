// The indicators dialog (spec §2 "Chart widget"; issue 46): a switch for each thing the chart draws
// besides the price — the volume, the MA 15, the MA 10/20 cross, and the studies (EMA, Bollinger
// bands, VWAP, RSI, MACD, the volume's MA) — and, under a study switched on, its parameters.
// A parameter out of its bounds is said under its field and kept as typed; the chart follows
// only valid values. All of it is kept in the workspace.
import { useId, useRef, useState } from 'react';
import {
  DEFAULT_STUDY_PARAMS,
  isMult,
  isPeriod,
  MULT_MAX,
  MULT_MIN,
  PERIOD_MAX,
  PERIOD_MIN,
  type StudyParams,
} from '../../../shared/studies.ts';
import { CHART_INDICATORS, withHeatmap, type ChartIndicator } from '../../../shared/workspace.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { Modal } from '../../kit/modal.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { updateWorkspace } from '../../workspace.ts';
import { CROSS_FAST, CROSS_SLOW, MA_MAIN } from '../paint/indicators.ts';

const INDICATOR_LABEL: Record<ChartIndicator, MessageId> = {
  volume: 'chart.indicator.volume',
  ma: 'chart.indicator.ma',
  cross: 'chart.indicator.cross',
  ema: 'chart.indicator.ema',
  boll: 'chart.indicator.boll',
  vwap: 'chart.indicator.vwap',
  rsi: 'chart.indicator.rsi',
  macd: 'chart.indicator.macd',
  volma: 'chart.indicator.volma',
};

/** A study's parameter: where it is kept, its label, and what it may be. */
interface Param {
  study: 'ema' | 'boll' | 'rsi' | 'macd' | 'volma';
  name: string;
  label: MessageId;
  kind: 'period' | 'mult';
}

const PARAMS: Partial<Record<ChartIndicator, readonly Param[]>> = {
  ema: [{ study: 'ema', name: 'period', label: 'chart.param.period', kind: 'period' }],
  boll: [
    { study: 'boll', name: 'period', label: 'chart.param.period', kind: 'period' },
    { study: 'boll', name: 'mult', label: 'chart.param.mult', kind: 'mult' },
  ],
  rsi: [{ study: 'rsi', name: 'period', label: 'chart.param.period', kind: 'period' }],
  macd: [
    { study: 'macd', name: 'fast', label: 'chart.param.fast', kind: 'period' },
    { study: 'macd', name: 'slow', label: 'chart.param.slow', kind: 'period' },
    { study: 'macd', name: 'signal', label: 'chart.param.signal', kind: 'period' },
  ],
  volma: [{ study: 'volma', name: 'period', label: 'chart.param.period', kind: 'period' }],
};

function labelValues(i: ChartIndicator, p: StudyParams): Record<string, number> {
  switch (i) {
    case 'ema':
    case 'rsi':
    case 'volma':
      return { period: p[i].period };
    case 'boll':
      return p.boll;
    case 'macd':
      return p.macd;
    default:
      return { main: MA_MAIN, fast: CROSS_FAST, slow: CROSS_SLOW };
  }
}

export function IndicatorMenu({
  indicators,
  params = DEFAULT_STUDY_PARAMS,
  symbol = '',
  heat = false,
}: {
  indicators: readonly ChartIndicator[];
  params?: StudyParams | undefined;
  /** The pair shown: its depth heatmap is switched here (issue 47). */
  symbol?: string;
  heat?: boolean;
}) {
  const { t } = useI18n();
  const toggle = (i: ChartIndicator, on: boolean): void =>
    updateWorkspace((w) => ({
      ...w,
      chart: {
        ...w.chart,
        indicators: CHART_INDICATORS.filter((x) => (x === i ? on : w.chart.indicators.includes(x))),
      },
    }));
  const [open, setOpen] = useState(false);
  const hintId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  // a dialog, not a drop-down: the studies and their parameters need more room than the chart
  return (
    <div className="chart__indicators">
      <button
        ref={button}
        type="button"
        className="chart__indicators-button"
        aria-haspopup="dialog"
        data-testid="chart-indicators"
        title={t('chart.indicators')}
        aria-label={t('chart.indicators')}
        onClick={() => setOpen(true)}
      >
        <LineIcon size={15}>
          <path d="M3 17l5-6 4 3 8-9M3 21h18" />
        </LineIcon>
        <span className="chart__indicators-text">{t('chart.indicators')}</span>
      </button>
      <Modal
        open={open}
        title={t('chart.indicators')}
        onClose={close}
        testId="chart-indicators-dialog"
        size="form"
      >
        <fieldset className="chart__indicator-list">
          <legend className="visually-hidden">{t('chart.indicators')}</legend>
          {CHART_INDICATORS.map((i) => (
            <div key={i} className="chart__indicator">
              <label className="check__label">
                <input
                  type="checkbox"
                  checked={indicators.includes(i)}
                  onChange={(e) => toggle(i, e.target.checked)}
                  data-indicator={i}
                />
                {t(INDICATOR_LABEL[i], labelValues(i, params))}
              </label>
              {indicators.includes(i) && PARAMS[i] !== undefined && (
                <div className="chart__params">
                  {PARAMS[i].map((p) => (
                    <ParamField key={p.name} param={p} params={params} />
                  ))}
                </div>
              )}
            </div>
          ))}
          {symbol !== '' && (
            <div className="chart__indicator">
              <label className="check__label">
                <input
                  type="checkbox"
                  checked={heat}
                  onChange={(e) => {
                    const on = e.target.checked;
                    updateWorkspace((w) => withHeatmap(w, symbol, on));
                  }}
                  data-indicator="heatmap"
                  aria-describedby={hintId}
                />
                {t('chart.heatmap', { symbol })}
              </label>
              <p id={hintId} className="chart__indicator-hint">
                {t('chart.heatmapHint')}
              </p>
            </div>
          )}
        </fieldset>
      </Modal>
    </div>
  );
}

/** A parameter's field: kept as typed, saved when valid, its error under it otherwise. */
function ParamField({ param, params }: { param: Param; params: StudyParams }) {
  const { t } = useI18n();
  const id = useId();
  const own = (params[param.study] as unknown as Record<string, number>)[param.name] ?? 0;
  const [typed, setTyped] = useState(String(own));
  const [error, setError] = useState<string | null>(null);
  const onValue = (text: string): void => {
    setTyped(text);
    const n = text.trim() === '' ? NaN : Number(text);
    const problem = check(param, n, params, t);
    setError(problem);
    if (problem !== null) return;
    updateWorkspace((w) => {
      const now = w.chart.params ?? DEFAULT_STUDY_PARAMS;
      const next = { ...now, [param.study]: { ...now[param.study], [param.name]: n } };
      return { ...w, chart: { ...w.chart, params: next } };
    });
  };
  return (
    <span className="chart__param">
      <label htmlFor={id}>{t(param.label)}</label>
      <input
        id={id}
        className="chart__param-input num"
        inputMode={param.kind === 'mult' ? 'decimal' : 'numeric'}
        value={typed}
        data-param={`${param.study}.${param.name}`}
        aria-invalid={error === null ? undefined : true}
        aria-describedby={error === null ? undefined : `${id}-error`}
        onChange={(e) => onValue(e.target.value)}
      />
      {error !== null && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

function check(
  param: Param,
  n: number,
  params: StudyParams,
  t: ReturnType<typeof useI18n>['t'],
): string | null {
  if (param.kind === 'mult')
    return isMult(n) ? null : t('chart.param.multRange', { min: MULT_MIN, max: MULT_MAX });
  if (!isPeriod(n)) return t('chart.param.periodRange', { min: PERIOD_MIN, max: PERIOD_MAX });
  if (param.study !== 'macd' || param.name === 'signal') return null;
  const fast = param.name === 'fast' ? n : params.macd.fast;
  const slow = param.name === 'slow' ? n : params.macd.slow;
  return fast < slow ? null : t('chart.param.macdOrder');
}
