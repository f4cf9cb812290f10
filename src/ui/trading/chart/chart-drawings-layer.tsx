// The trader's drawings on the page (issue 46, ADR 0075): the pair's drawings from the workspace
// given to the chart (chart-drawing-input.ts), and what the user does to them kept there again
// (so on the server, for a logged-in user). A drawing drawn or moved with the pointer, or put in
// the middle of the chart by a tool chosen by keyboard, is saved when it is let go. Keyboard and
// screen readers: each drawing has a button (its focus selects the drawing, which the chart draws
// with its handles) — the arrows move it (up and down by a hundredth of the view's price range,
// left and right by a bar), Delete removes it; what happened is announced. A selected drawing
// shows a Delete button over the chart (for a finger, which has no Delete key).
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  DRAWINGS_MAX,
  DRAWINGS_PER_PAIR,
  putDrawing,
  removeDrawing,
  roomFor,
  type Drawing,
  type DrawingsByPair,
} from '../../../shared/drawings.ts';
import type { Workspace } from '../../../shared/workspace.ts';
import { useSignalSelect } from '../../engine-bridge/use-signal-value.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { updateWorkspace, workspace } from '../../workspace.ts';
import type { ChartController } from './chart-controller.ts';
import { DRAWING_LABEL, type DrawTool } from './chart-draw-menu.tsx';

const NONE: readonly Drawing[] = [];
const drawingsOf = (w: Workspace): DrawingsByPair | undefined => w.drawings;

/** Arrow keys: [bars, hundredths of the view's price range]. */
const KEY_MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** The workspace with the drawings changed; the field left out when none are left. */
function withDrawings(w: Workspace, change: (all: DrawingsByPair) => DrawingsByPair): Workspace {
  const { drawings, ...rest } = w;
  const next = change(drawings ?? {});
  return Object.keys(next).length === 0 ? rest : { ...rest, drawings: next };
}

export function ChartDrawingsLayer(p: {
  controller: ChartController;
  symbol: string;
  pricePrecision: number;
  tool: DrawTool | null;
  onToolDone: () => void;
  canvas: () => HTMLCanvasElement | null;
}) {
  const { controller, symbol, pricePrecision, tool, onToolDone, canvas } = p;
  const { t, fmt } = useI18n();
  const all = useSignalSelect(workspace, drawingsOf);
  const list = all?.[symbol] ?? NONE;
  const listKey = JSON.stringify(list);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same drawings, not the same array
  const drawings = useMemo(() => list, [listKey]);
  const [selected, setSelected] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const focusNext = useRef<string | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const name = useCallback(
    (d: Drawing): string => drawingName(d, t, (v) => fmt.fixed(v, pricePrecision)),
    [t, fmt, pricePrecision],
  );

  useEffect(() => controller.drawings.setDrawings(drawings), [controller, drawings]);

  const save = useCallback(
    (d: Drawing): void => {
      const known = drawings.some((x) => x.id === d.id);
      if (!known && !roomFor(workspace.peek().drawings ?? {}, symbol)) {
        controller.drawings.setDrawings(drawings);
        toast.error(t('chart.draw.full', { perPair: DRAWINGS_PER_PAIR, max: DRAWINGS_MAX }));
        return;
      }
      updateWorkspace((w) => withDrawings(w, (all) => putDrawing(all, symbol, d)));
      setSaid(t(known ? 'chart.draw.moved' : 'chart.draw.drawn', { name: name(d) }));
    },
    [controller, drawings, symbol, t, name],
  );
  const remove = useCallback(
    (id: string): void => {
      updateWorkspace((w) => withDrawings(w, (all) => removeDrawing(all, symbol, id)));
      setSaid(t('chart.draw.deleted'));
      canvas()?.focus();
    },
    [symbol, t, canvas],
  );

  useEffect(() => {
    controller.drawings.listen({ save, select: setSelected, toolDone: onToolDone, remove });
    return () => controller.drawings.listen(null);
  }, [controller, save, onToolDone, remove]);

  // the tool: by pointer it waits for a press on the chart; by keyboard it draws at once
  useEffect(() => {
    if (tool === null) {
      controller.drawings.setTool(null);
      return undefined;
    }
    if (tool.keyboard) {
      const d = controller.drawings.place(tool.kind);
      if (d !== null) focusNext.current = d.id;
      onToolDone();
      return undefined;
    }
    controller.drawings.setTool(tool.kind);
    const onKey = (e: globalThis.KeyboardEvent): void => {
      if (e.key === 'Escape') onToolDone();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controller, tool, onToolDone]);

  // a drawing placed by keyboard takes the focus once its button exists
  useEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    const button = group.current?.querySelector<HTMLElement>(`[data-drawing="${id}"]`);
    if (button === null || button === undefined) return;
    focusNext.current = null;
    button.focus();
  }, [drawings]);

  const onKey = (d: Drawing) => (e: KeyboardEvent) => {
    const move = KEY_MOVES[e.key];
    if (move !== undefined) {
      e.preventDefault();
      controller.drawings.nudge(d.id, move[0], move[1]);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      remove(d.id);
    }
  };

  const chosen = drawings.find((d) => d.id === selected);
  return (
    <>
      {tool !== null && !tool.keyboard && (
        <p className="chart-draw-hint" role="status" data-testid="chart-draw-hint">
          {t('chart.draw.hint', { tool: t(DRAWING_LABEL[tool.kind]) })}
        </p>
      )}
      {chosen !== undefined && (
        <div className="chart-draw-bar">
          <button
            type="button"
            className="chart-draw-bar__delete"
            data-testid="chart-drawing-delete"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => remove(chosen.id)}
          >
            {t('chart.draw.delete')}
          </button>
        </div>
      )}
      <div ref={group} className="visually-hidden" role="group" aria-label={t('chart.draw.group')}>
        {drawings.length > 0 && <p id="chart-drawing-keys">{t('chart.draw.keys')}</p>}
        {drawings.map((d) => (
          <button
            key={d.id}
            type="button"
            data-drawing={d.id}
            aria-describedby="chart-drawing-keys"
            onFocus={() => controller.drawings.select(d.id)}
            onBlur={() => {
              if (controller.drawings.selected === d.id) controller.drawings.select(null);
            }}
            onKeyDown={onKey(d)}
          >
            {name(d)}
          </button>
        ))}
        <span role="status">{said}</span>
      </div>
    </>
  );
}

/** A drawing's name: its kind and its prices. */
function drawingName(d: Drawing, t: I18n['t'], price: (v: string) => string): string {
  const kind = t(DRAWING_LABEL[d.kind]);
  return d.b === undefined
    ? t('chart.draw.nameAt', { kind, price: price(d.a.p) })
    : t('chart.draw.nameFrom', { kind, from: price(d.a.p), to: price(d.b.p) });
}
