// The chart's read-out speaks the locale's number format with the pair's decimals (issue 41):
// "70.048,50" in German, never the bar's raw "70048.5". Rendered to static markup.
import { signal } from '@preact/signals-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../../shared/decimal.ts';
import type { ChartController, LegendData } from './chart-controller.ts';
import { ChartLegend } from './chart-legend.tsx';
import { buildBarCache } from '../paint/bar-cache.ts';
import { DEFAULT_STUDY_PARAMS } from '../../../shared/studies.ts';

const legend: LegendData = {
  bar: {
    time: Date.UTC(2026, 10, 29, 4, 35),
    open: '70048.5' as DecStr,
    high: '70115.5' as DecStr,
    low: '69980' as DecStr,
    close: '70115.5' as DecStr,
    volume: '0.2676' as DecStr,
  },
  index: 0,
  ma15: 70206.5312,
  ma10: NaN,
  ma20: NaN,
  hovering: false,
  series: buildBarCache('k', []),
};

function render(locale: string): string {
  const controller = { legend: signal(legend) } as unknown as ChartController;
  return renderToStaticMarkup(
    createElement(ChartLegend, {
      controller,
      mode: 'candles',
      indicators: ['ma'],
      periodSec: 60,
      pricePrecision: 2,
      amountPrecision: 4,
      locale,
      params: DEFAULT_STUDY_PARAMS,
    }),
  );
}

describe('chart legend', () => {
  it('formats open, high, low, close, volume and the average per locale and pair', () => {
    const de = render('de-DE');
    for (const figure of ['70.048,50', '70.115,50', '69.980,00', '0,2676', '70.206,53'])
      expect(de).toContain(`>${figure}<`);
    expect(de).not.toContain('70048.5');
    const ru = render('ru-RU');
    expect(ru).toContain('>70\u00a0048,50<');
    const en = render('en-US');
    expect(en).toContain('>70,048.50<');
  });
});
