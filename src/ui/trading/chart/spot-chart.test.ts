// Server-side render of the panel (node has no DOM): the toolbar and the loading state.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fallbackMeta } from '../pair-meta.ts';
import { MAIN_PERIODS, SpotChart } from './spot-chart.tsx';

describe('SpotChart', () => {
  it('renders the main periods as compact buttons, the others under More, and the loading state', () => {
    const html = renderToString(createElement(SpotChart, { meta: fallbackMeta('BTC/USDT') }));
    // six buttons on the toolbar (the menu's three are drawn when it opens)
    expect(html.match(/data-period=/g)?.length).toBe(MAIN_PERIODS.length);
    expect(MAIN_PERIODS.length).toBe(6);
    expect(html).toMatch(/aria-pressed="true" title="1m" data-period="1min"/);
    expect(html).toMatch(/title="1 hour" data-period="60min">1h</);
    expect(html).toContain('data-testid="chart-more-periods"');
    expect(html).toContain('>More<');
    expect(html).toContain('Loading chart…');
  });
});
