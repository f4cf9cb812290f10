// The panels the trader arranges on the desktop trading screens (issue 46, ADR 0076): the grid's
// sizes and areas from the workspace (CSS variables the desktop workspace rule reads, so a
// narrower window keeps its own layout), a separator in each gap that is dragged or moved by keys
// (arrows 16 px, with Shift 64, Home and End to the bounds), and the Layout menu: which panels are
// shown, two saved arrangements and a reset. Everything is kept in the workspace.
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import {
  clampSplit,
  HIDEABLE_PANELS,
  PANEL_SPLITS,
  SAVED_PANELS,
  SPLIT_BOUNDS,
  withLayout,
  type HideablePanel,
  type PanelLayout,
  type Panels,
  type PanelScreen,
  type PanelSplit,
} from '../../shared/panels.ts';
import type { Workspace } from '../../shared/workspace.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { Modal } from '../kit/modal.tsx';
import { useSignalSelect } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { toast } from '../toast/toast.ts';
import { updateWorkspace, workspace } from '../workspace.ts';
import { areasText, panelAreas } from './panel-areas.ts';

/** Where the panels can be arranged: the desktop workspace of spot.css and lever-screen.css. */
export const DESKTOP_WORKSPACE = '(min-width: 1280px) and (min-height: 720px)';

const NO_PANELS: Panels = {};
/** One object for "the screen's own": a new one each render would re-run what follows it. */
const NO_LAYOUT: PanelLayout = {};
const NO_SAVED: readonly (Panels | null)[] = [];
const panelsOf = (w: Workspace): Panels => w.panels ?? NO_PANELS;
const savedOf = (w: Workspace): readonly (Panels | null)[] => w.savedPanels ?? NO_SAVED;

const PANEL_LABEL: Record<HideablePanel, MessageId> = {
  book: 'panels.book',
  markets: 'panels.markets',
  trades: 'panels.trades',
};

const SPLIT_LABEL: Record<PanelScreen, Record<PanelSplit, MessageId>> = {
  spot: { left: 'panels.split.book', right: 'panels.split.markets', bottom: 'panels.split.orders' },
  lever: {
    left: 'panels.split.book',
    right: 'panels.split.tickets',
    bottom: 'panels.split.positions',
  },
};

/** Which way a drag or an arrow grows the size: +1 right or down, −1 left or up. */
const GROWS: Record<PanelSplit, number> = { left: 1, right: -1, bottom: -1 };

/** This screen's arrangement in the workspace. */
export function usePanelLayout(screen: PanelScreen): PanelLayout {
  return useSignalSelect(workspace, panelsOf)[screen] ?? NO_LAYOUT;
}

/** The grid's attributes: the sizes and areas as CSS variables, and the hidden panels. */
export function panelGridProps(
  screen: PanelScreen,
  layout: PanelLayout,
): { style: CSSProperties; 'data-hidden'?: string } {
  const hidden = layout.hidden ?? [];
  const vars: Record<string, string> = {};
  if (layout.left !== undefined) vars['--panel-left'] = `${layout.left}px`;
  if (layout.right !== undefined) vars['--panel-right'] = `${layout.right}px`;
  if (layout.bottom !== undefined) vars['--panel-bottom'] = `${layout.bottom}px`;
  // a column with nothing of its own left takes no room
  if (screen === 'spot' && hidden.includes('book')) vars['--panel-left'] = '0px';
  if (screen === 'spot' && hidden.includes('markets') && hidden.includes('trades'))
    vars['--panel-right'] = '0px';
  if (hidden.length > 0) vars['--panel-areas'] = areasText(panelAreas(screen, hidden));
  return {
    style: vars as CSSProperties,
    ...(hidden.length > 0 ? { 'data-hidden': hidden.join(' ') } : {}),
  };
}

/** The splits that have something to resize (the book's column goes with the book). */
function splitsOf(screen: PanelScreen, hidden: readonly HideablePanel[]): PanelSplit[] {
  return (['left', 'right', 'bottom'] as const).filter((s) => {
    if (s === 'left') return !hidden.includes('book');
    if (s === 'right' && screen === 'spot')
      return !(hidden.includes('markets') && hidden.includes('trades'));
    return true;
  });
}

/** A size as the grid has it now (px), from its resolved tracks. */
function measure(grid: HTMLElement, screen: PanelScreen, split: PanelSplit): number {
  const cs = getComputedStyle(grid);
  const cols = cs.gridTemplateColumns.split(' ').map(parseFloat);
  const rows = cs.gridTemplateRows.split(' ').map(parseFloat);
  if (split === 'left') return cols[0] ?? 0;
  if (split === 'right')
    return screen === 'spot' ? (cols[2] ?? 0) : (cols[2] ?? 0) + (cols[3] ?? 0);
  return (screen === 'spot' ? rows[3] : rows[2]) ?? 0;
}

function keep(screen: PanelScreen, split: PanelSplit, px: number): void {
  updateWorkspace((w) => ({
    ...w,
    panels: withLayout(w.panels ?? {}, screen, (l) => ({ ...l, [split]: px })),
  }));
}

/** The separators in the grid's gaps. */
export function PanelSplitters({
  screen,
  grid,
}: {
  screen: PanelScreen;
  grid: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useI18n();
  const layout = usePanelLayout(screen);
  const [sizes, setSizes] = useState<Partial<Record<PanelSplit, number>>>({});
  const drag = useRef<{ split: PanelSplit; at: number; size: number; now: number } | null>(null);

  // the sizes the grid has (its own where the trader set none), for the separators' values
  useEffect(() => {
    const g = grid.current;
    if (g === null) return;
    const next = {
      left: measure(g, screen, 'left'),
      right: measure(g, screen, 'right'),
      bottom: measure(g, screen, 'bottom'),
    };
    setSizes((now) => (PANEL_SPLITS.every((s) => now[s] === next[s]) ? now : next));
  }, [grid, screen, layout]);

  const onDown = (split: PanelSplit) => (e: PointerEvent<HTMLDivElement>) => {
    const g = grid.current;
    if (g === null || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const size = measure(g, screen, split);
    drag.current = { split, at: split === 'bottom' ? e.clientY : e.clientX, size, now: size };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const g = grid.current;
    if (d === null || g === null) return;
    const delta = (d.split === 'bottom' ? e.clientY : e.clientX) - d.at;
    d.now = clampSplit(screen, d.split, d.size + GROWS[d.split] * delta);
    g.style.setProperty(`--panel-${d.split}`, `${d.now}px`);
  };
  const onUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d !== null && d.now !== d.size) keep(screen, d.split, d.now);
  };
  const onKey = (split: PanelSplit) => (e: KeyboardEvent<HTMLDivElement>) => {
    const g = grid.current;
    if (g === null) return;
    const step = e.shiftKey ? 64 : 16;
    const keys: Record<string, number> =
      split === 'bottom'
        ? { ArrowUp: step, ArrowDown: -step }
        : { ArrowRight: GROWS[split] * step, ArrowLeft: -GROWS[split] * step };
    const { min, max } = SPLIT_BOUNDS[screen][split];
    const now = measure(g, screen, split);
    const next =
      e.key === 'Home'
        ? min
        : e.key === 'End'
          ? max
          : keys[e.key] === undefined
            ? null
            : now + (keys[e.key] ?? 0);
    if (next === null) return;
    e.preventDefault();
    keep(screen, split, clampSplit(screen, split, next));
  };

  return (
    <>
      {splitsOf(screen, layout.hidden ?? []).map((split) => {
        const { min, max } = SPLIT_BOUNDS[screen][split];
        const now = layout[split] ?? Math.round(sizes[split] ?? SPLIT_BOUNDS[screen][split].own);
        return (
          <div
            key={split}
            className={`panel-split panel-split--${split}`}
            role="separator"
            tabIndex={0}
            aria-orientation={split === 'bottom' ? 'horizontal' : 'vertical'}
            aria-label={t(SPLIT_LABEL[screen][split])}
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuenow={Math.min(max, Math.max(min, now))}
            data-split={split}
            onPointerDown={onDown(split)}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={onUp}
            onKeyDown={onKey(split)}
          />
        );
      })}
    </>
  );
}

/** The Layout menu: the panels shown, two saved arrangements and a reset. */
export function LayoutMenu({ screen }: { screen: PanelScreen }) {
  const { t } = useI18n();
  const layout = usePanelLayout(screen);
  const saved = useSignalSelect(workspace, savedOf);
  const hidden = layout.hidden ?? [];
  const [open, setOpen] = useState(false);
  const show = (panel: HideablePanel, on: boolean): void =>
    updateWorkspace((w) => ({
      ...w,
      panels: withLayout(w.panels ?? {}, screen, (l) => ({
        ...l,
        hidden: HIDEABLE_PANELS.filter((p) => (p === panel ? !on : (l.hidden ?? []).includes(p))),
      })),
    }));
  const save = (slot: number): void => {
    updateWorkspace((w) => {
      const kept = Array.from({ length: SAVED_PANELS }, (_, i) => w.savedPanels?.[i] ?? null);
      kept[slot] = w.panels ?? {};
      return { ...w, savedPanels: kept };
    });
    toast.success(t('panels.saved', { n: slot + 1 }));
  };
  const use = (slot: number): void => {
    updateWorkspace((w) => ({ ...w, panels: w.savedPanels?.[slot] ?? {} }));
    toast.success(t('panels.used', { n: slot + 1 }));
  };
  const reset = (): void => {
    updateWorkspace((w) => ({ ...w, panels: withLayout(w.panels ?? {}, screen, () => ({})) }));
    toast.success(t('panels.resetDone'));
  };
  const slots = Array.from({ length: SAVED_PANELS }, (_, i) => i);
  return (
    <>
      <button
        type="button"
        className="stats__alert"
        aria-haspopup="dialog"
        data-testid="layout-menu"
        onClick={() => setOpen(true)}
      >
        <LineIcon>
          <path d="M4 5h16v14H4zM10 5v14M10 12h10" />
        </LineIcon>
        <span className="stats__alert-text">{t('panels.menu')}</span>
      </button>
      <Modal
        open={open}
        title={t('panels.menu')}
        onClose={() => setOpen(false)}
        testId="layout-dialog"
        size="form"
      >
        <div className="panel-menu__body">
          <fieldset className="panel-menu__shown">
            <legend>{t('panels.shown')}</legend>
            {HIDEABLE_PANELS.map((p) => (
              <label key={p} className="check__label">
                <input
                  type="checkbox"
                  checked={!hidden.includes(p)}
                  data-panel={p}
                  onChange={(e) => show(p, e.target.checked)}
                />
                {t(PANEL_LABEL[p])}
              </label>
            ))}
          </fieldset>
          <div className="panel-menu__slots" role="group" aria-label={t('panels.slots')}>
            {slots.map((i) => (
              <button
                key={`save${i}`}
                type="button"
                className="btn btn--ghost btn--sm"
                data-save-layout={i + 1}
                onClick={() => save(i)}
              >
                {t('panels.save', { n: i + 1 })}
              </button>
            ))}
            {slots.map((i) => (
              <button
                key={`use${i}`}
                type="button"
                className="btn btn--ghost btn--sm"
                data-use-layout={i + 1}
                disabled={(saved[i] ?? null) === null}
                onClick={() => use(i)}
              >
                {t('panels.use', { n: i + 1 })}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid="layout-reset"
            onClick={reset}
          >
            {t('panels.reset')}
          </button>
        </div>
      </Modal>
    </>
  );
}
