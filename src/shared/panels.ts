// The panels the trader arranges on the desktop trading screens (issue 46, ADR 0076): the width of
// the book's column, of the column beside the chart (spot: markets and trades; contracts: the
// two tickets) and the height of the orders' or positions' row, each dragged or moved by keys,
// and the panels hidden (the book, the markets, the trades). One arrangement per screen, and two
// saved ones the user can go back to; absent, the screen has its fixed fit of 1440 × 900.
// `parsePanels` reads anything and never throws: a size out of its bounds or not a whole number
// is dropped (the screen's own size), an unknown panel is dropped.
//
// Invariants (panels.test.ts):
//   P1 bounded: every size is a whole px within its bounds; hidden holds known panels once each;
//      parsePanels(parsePanels(x)) equals parsePanels(x); nothing empty is kept.

export const PANEL_SCREENS = ['spot', 'lever'] as const;
export type PanelScreen = (typeof PANEL_SCREENS)[number];

export const HIDEABLE_PANELS = ['book', 'markets', 'trades'] as const;
export type HideablePanel = (typeof HIDEABLE_PANELS)[number];

export const PANEL_SPLITS = ['left', 'right', 'bottom'] as const;
export type PanelSplit = (typeof PANEL_SPLITS)[number];

/** One screen's arrangement: a size left out is the screen's own. */
export interface PanelLayout {
  left?: number;
  right?: number;
  bottom?: number;
  hidden?: HideablePanel[];
}

/** The arrangement of each screen; a screen left out has its own. */
export type Panels = Partial<Record<PanelScreen, PanelLayout>>;

/** How many arrangements the user can save. */
export const SAVED_PANELS = 2;

/** Each size's bounds and the screen's own size (px), as the stylesheets have them. */
export const SPLIT_BOUNDS: Record<
  PanelScreen,
  Record<PanelSplit, { min: number; max: number; own: number }>
> = {
  spot: {
    left: { min: 220, max: 520, own: 300 },
    right: { min: 220, max: 520, own: 300 },
    bottom: { min: 120, max: 480, own: 200 },
  },
  lever: {
    left: { min: 220, max: 520, own: 300 },
    right: { min: 440, max: 800, own: 540 },
    bottom: { min: 150, max: 480, own: 230 },
  },
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** One screen's arrangement, or null when nothing in it differs from the screen's own. */
export function parseLayout(screen: PanelScreen, value: unknown): PanelLayout | null {
  const v = record(value);
  const out: PanelLayout = {};
  for (const split of PANEL_SPLITS) {
    const n = v[split];
    const { min, max } = SPLIT_BOUNDS[screen][split];
    if (typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max) out[split] = n;
  }
  if (Array.isArray(v.hidden)) {
    const hidden = HIDEABLE_PANELS.filter((p) => (v.hidden as unknown[]).includes(p));
    if (hidden.length > 0) out.hidden = hidden;
  }
  return Object.keys(out).length === 0 ? null : out;
}

/** Every screen's arrangement (screens with nothing of their own left out). */
export function parsePanels(value: unknown): Panels {
  const v = record(value);
  const out: Panels = {};
  for (const screen of PANEL_SCREENS) {
    const layout = parseLayout(screen, v[screen]);
    if (layout !== null) out[screen] = layout;
  }
  return out;
}

/** The saved arrangements: exactly SAVED_PANELS slots, null where none is saved. */
export function parseSavedPanels(value: unknown): (Panels | null)[] {
  const list = Array.isArray(value) ? value : [];
  // an empty arrangement saved is kept: it is the screens' own
  return Array.from({ length: SAVED_PANELS }, (_, i) => {
    const v: unknown = list[i];
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? parsePanels(v) : null;
  });
}

/** A size within its bounds, a whole px. */
export function clampSplit(screen: PanelScreen, split: PanelSplit, px: number): number {
  const { min, max } = SPLIT_BOUNDS[screen][split];
  return Math.min(max, Math.max(min, Math.round(Number.isFinite(px) ? px : min)));
}

/** The screen's arrangement with one change; a screen left with nothing of its own is left out. */
export function withLayout(
  panels: Panels,
  screen: PanelScreen,
  change: (layout: PanelLayout) => PanelLayout,
): Panels {
  const { [screen]: now, ...rest } = panels;
  const next = parseLayout(screen, change(now ?? {}));
  return next === null ? rest : { ...rest, [screen]: next };
}
