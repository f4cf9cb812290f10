// Server-side render of the panel (node has no DOM): the toolbar and the loading state.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fallbackMeta } from '../pair-meta.ts';
import { SpotChart } from './spot-chart.tsx';

describe('SpotChart', () => {
  it('renders the nine period buttons, one minute chosen, and the loading state', () => {
    const html = renderToString(createElement(SpotChart, { meta: fallbackMeta('BTC/USDT') }));
    expect(html.match(/data-period=/g)?.length).toBe(9);
    expect(html).toMatch(/aria-pressed="true" data-period="1min"/);
    expect(html).toContain('Loading chart…');
    expect(html).toContain('1 hour');
  });
});
