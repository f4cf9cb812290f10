// B4/B11's full-chart row (issue 46): the demo user's chart with five studies (EMA, Bollinger
// bands, VWAP, RSI and MACD, besides the volume and the MA), ten drawings over the last hour's
// bars and, placed by placeStops before, twenty order lines. B4's heatmap row (issue 47): the
// pair's depth heatmap on. The workspace is saved over the API, so the page takes it at login
// as a trader's own.
import { DEFAULT_WORKSPACE, type Workspace } from '../../src/shared/workspace.ts';
import { DRAWING_KINDS, type Drawing } from '../../src/shared/drawings.ts';

export const FULL_CHART_STUDIES = ['ema', 'boll', 'vwap', 'rsi', 'macd'] as const;
export const FULL_CHART_DRAWINGS = 10;
const SYMBOL = 'BTC/USDT';

const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The last hour's one-minute bars: their open times (ms) and closes. */
async function lastHour(url: string): Promise<{ t: number; close: number }[]> {
  const to = Math.floor(Date.now() / 1000);
  const q = new URLSearchParams({
    symbol: SYMBOL,
    period: '1min',
    from: String(to - 3600),
    to: String(to),
  });
  const r = (await (await fetch(`${url}/api/currency/kline_market?${q}`)).json()) as {
    data: { id: number; close: string }[] | null;
  };
  const bars = (r.data ?? []).map((b) => ({ t: b.id * 1000, close: Number(b.close) }));
  if (bars.length < 20) throw new Error(`full chart: ${bars.length} bars in the last hour`);
  return bars;
}

/** Ten drawings of every kind over the bars, near their prices (on the pair's 2 decimals). */
function drawings(bars: { t: number; close: number }[]): Drawing[] {
  const at = (i: number, shift: number) => {
    const b = bars[Math.max(0, Math.min(bars.length - 1, i))] ?? { t: 0, close: 1 };
    return { t: b.t, p: (b.close * (1 + shift)).toFixed(2) };
  };
  const n = bars.length;
  return Array.from({ length: FULL_CHART_DRAWINGS }, (_, k) => {
    const kind = DRAWING_KINDS[k % DRAWING_KINDS.length] ?? 'trend';
    const a = at(n - 50 + k * 4, -0.002 + k * 0.0004);
    const d: Drawing = { id: `bench${k}`, kind, a };
    if (kind !== 'hline') d.b = at(n - 30 + k * 2, 0.002 - k * 0.0003);
    return d;
  });
}

/** Saves the demo user's workspace over the API, as the page would. */
async function saveWorkspace(
  url: string,
  account: { account: string; password: string },
  w: Workspace,
): Promise<void> {
  const login = (await (
    await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: FORM,
      body: form({ user_string: account.account, password: account.password, type: '1' }),
    })
  ).json()) as { message: string };
  const r = (await (
    await fetch(`${url}/api/user/workspace_save`, {
      method: 'POST',
      headers: { ...FORM, authorization: login.message },
      body: form({ workspace: JSON.stringify(w) }),
    })
  ).json()) as { type: string; message: unknown };
  if (r.type !== 'ok') throw new Error(`bench workspace: ${JSON.stringify(r.message)}`);
}

/** Saves the demo user's workspace with the studies and the drawings. */
export async function setFullChart(
  url: string,
  account: { account: string; password: string },
): Promise<void> {
  await saveWorkspace(url, account, {
    ...DEFAULT_WORKSPACE,
    chart: {
      ...DEFAULT_WORKSPACE.chart,
      pane: 'candles',
      indicators: ['volume', 'ma', ...FULL_CHART_STUDIES],
    },
    drawings: { [SYMBOL]: drawings(await lastHour(url)) },
  });
}

/** Saves the demo user's workspace with the pair's depth heatmap on (issue 47), nothing else. */
export async function setHeatmapChart(
  url: string,
  account: { account: string; password: string },
): Promise<void> {
  await saveWorkspace(url, account, {
    ...DEFAULT_WORKSPACE,
    chart: { ...DEFAULT_WORKSPACE.chart, pane: 'candles', heatmap: [SYMBOL] },
  });
}
