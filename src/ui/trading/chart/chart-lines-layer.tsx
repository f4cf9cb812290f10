// The user's lines on the chart, on the page (issue 46): what the screen gives (chart-trading.ts)
// with what the user is doing to them — a line dragged and let go, or moved by keys, is drawn at
// its new price until the screen's lines show it there (or the amend is refused: back where it
// was); a move or a cancel asks first when the hotkeys' confirm setting is on (it is by default),
// as a key's order does. Keyboard: each line has a button (read by screen readers, its focus ring
// drawn on the chart around the line's label) — arrows move it a tick, Page Up and Page Down ten,
// Enter saves, Escape puts it back, Delete cancels. A right click, a long press or the
// context-menu key on the chart offers an order at that price (chart-offer-menu.tsx).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { parseDecimal } from '../../../shared/decimal.ts';
import { useSignalSelect, useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import { failureMessage } from '../../i18n/result-message.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { toast } from '../../toast/toast.ts';
import { workspace } from '../../workspace.ts';
import type { ChartController } from './chart-controller.ts';
import { stepTicks, type OfferAt } from './chart-line-input.ts';
import { ChartOfferMenu } from './chart-offer-menu.tsx';
import { openMoment } from '../../engine-bridge/moment-bridge.ts';
import type { ChartTrading, ChartTradingLine } from './chart-trading.ts';
import type { ChartFill } from './chart-fills.ts';

type Ask =
  | { kind: 'move'; line: ChartTradingLine; price: string }
  | { kind: 'cancel'; line: ChartTradingLine };

const KEY_TICKS: Record<string, number> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

export function ChartLinesLayer(p: {
  controller: ChartController;
  trading: ChartTrading;
  pricePrecision: number;
  canvas: () => HTMLCanvasElement | null;
}) {
  const { controller, trading, pricePrecision } = p;
  const { t, fmt } = useI18n();
  const lines = useSignalValue(trading.lines);
  const fills = useSignalValue(trading.fills);
  const hovered = useSignalValue(controller.fills.hovered);
  useEffect(() => controller.setFills(fills), [controller, fills]);
  const confirmFirst = useSignalSelect(workspace, (w) => w.hotkeys.confirm);
  /** Lines at a price the screen does not show yet: moved by keys, or being saved. */
  const [moved, setMoved] = useState<ReadonlyMap<string, string>>(new Map());
  const [focused, setFocused] = useState<string | null>(null);
  const [asking, setAsking] = useState<Ask | null>(null);
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<OfferAt | null>(null);
  const [said, setSaid] = useState('');
  const saving = useRef(new Set<string>());

  const move = useCallback((key: string, price: string | null) => {
    setMoved((m) => {
      const next = new Map(m);
      if (price === null) next.delete(key);
      else next.set(key, price);
      return next;
    });
  }, []);

  // the screen's lines caught up (or the line is gone): its own price is drawn again; run again
  // when a save ends, since the lines may have caught up while it was in flight
  useEffect(() => {
    setMoved((m) => {
      let changed = false;
      const next = new Map(m);
      for (const [key, price] of m) {
        const line = lines.find((l) => l.key === key);
        if (line !== undefined && (saving.current.has(key) || !same(line.price, price))) continue;
        next.delete(key);
        changed = true;
      }
      return changed ? next : m;
    });
  }, [lines, busy]);

  useEffect(() => {
    controller.lines.setLines(
      lines.map((l) => ({
        ...l,
        price: moved.get(l.key) ?? l.price,
        focused: l.key === focused,
        moving: moved.has(l.key),
      })),
    );
  }, [controller, lines, moved, focused]);

  const run = useCallback(
    async (a: Ask): Promise<void> => {
      setBusy(true);
      const key = a.line.key;
      if (a.kind === 'move') saving.current.add(key);
      const r =
        a.kind === 'move' ? await trading.move(a.line, a.price) : await trading.cancel(a.line);
      saving.current.delete(key);
      setBusy(false);
      setAsking(null);
      if (r.ok) {
        toast.success(
          r.message || t(a.kind === 'move' ? 'chart.line.moved' : 'chart.line.cancelled'),
        );
        // kept at the new price until the screen's lines show it (or another line replaces it):
        // the pruning effect runs again now that `busy` is false
        return;
      }
      if (a.kind === 'move') move(key, null);
      toast.error(failureMessage(r));
    },
    [trading, t, move],
  );

  const ask = useCallback(
    (a: Ask) => {
      if (a.kind === 'move') move(a.line.key, a.price);
      if (confirmFirst) setAsking(a);
      else void run(a);
    },
    [confirmFirst, run, move],
  );

  useEffect(() => {
    controller.lines.listen({
      drop: (key, price) => {
        const line = lines.find((l) => l.key === key);
        if (line !== undefined) ask({ kind: 'move', line, price });
      },
      cancel: (key) => {
        const line = lines.find((l) => l.key === key);
        if (line !== undefined) ask({ kind: 'cancel', line });
      },
      offer: setOffer,
    });
    return () => controller.lines.listen(null);
  }, [controller, lines, ask]);

  const dismiss = (): void => {
    if (busy) return;
    if (asking?.kind === 'move') move(asking.line.key, null);
    setAsking(null);
  };

  const onKey = (line: ChartTradingLine) => (e: KeyboardEvent) => {
    const ticks = KEY_TICKS[e.key];
    const now = moved.get(line.key) ?? line.price;
    if (ticks !== undefined && line.draggable) {
      e.preventDefault();
      const next = stepTicks(now, ticks, pricePrecision);
      move(line.key, next);
      setSaid(t('chart.line.movedTo', { price: fmt.fixed(next, pricePrecision) }));
    } else if (e.key === 'Enter' && moved.has(line.key) && !same(now, line.price)) {
      e.preventDefault();
      ask({ kind: 'move', line, price: now });
    } else if (e.key === 'Escape' && moved.has(line.key)) {
      e.preventDefault();
      move(line.key, null);
      setSaid(t('chart.line.putBack'));
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && line.cancellable) {
      e.preventDefault();
      ask({ kind: 'cancel', line });
    }
  };

  const onBlur = (line: ChartTradingLine) => () => {
    setFocused((f) => (f === line.key ? null : f));
    // a move by keys not saved is dropped when the focus goes elsewhere (not to its dialog)
    if (!saving.current.has(line.key) && asking?.line.key !== line.key) move(line.key, null);
  };

  const askingPrice = asking?.kind === 'move' ? fmt.fixed(asking.price, pricePrecision) : '';
  return (
    <>
      {lines.length > 0 && (
        <div className="visually-hidden" role="group" aria-label={t('chart.line.group')}>
          <p id="chart-line-keys">{t('chart.line.keys')}</p>
          {lines.map((l) => (
            <button
              key={l.key}
              type="button"
              data-line={l.key}
              aria-describedby="chart-line-keys"
              onFocus={() => setFocused(l.key)}
              onBlur={onBlur(l)}
              onKeyDown={onKey(l)}
            >
              {l.name}
            </button>
          ))}
          <span role="status">{said}</span>
        </div>
      )}
      <FillTip hovered={hovered} />
      {offer !== null && (
        <ChartOfferMenu
          at={offer}
          priceText={fmt.fixed(offer.price, pricePrecision)}
          sides={trading.offerSides ?? 'spot'}
          bounds={{ width: p.canvas()?.clientWidth ?? 0, height: p.canvas()?.clientHeight ?? 0 }}
          onChoose={(side, kind) => {
            trading.offer(offer.price, side, kind);
            setOffer(null);
          }}
          onMoment={
            offer.time === null
              ? undefined
              : () => {
                  setOffer(null);
                  void openMoment({ at: offer.time ?? 0 });
                }
          }
          onClose={() => {
            setOffer(null);
            p.canvas()?.focus();
          }}
        />
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking?.kind === 'cancel' ? 'chart.line.cancelTitle' : 'chart.line.moveTitle')}
        body={askText(asking, t, askingPrice)}
        confirmLabel={t('spot.cancel.sure')}
        cancelLabel={t('spot.cancel.dismiss')}
        busy={busy}
        onConfirm={() => {
          if (asking !== null && !busy) void run(asking);
        }}
        onClose={dismiss}
        testId="chart-line-confirm"
      />
    </>
  );
}

/** The fills of the mark under the pointer. */
function FillTip({ hovered }: { hovered: { fills: ChartFill[]; x: number; y: number } | null }) {
  if (hovered === null || hovered.fills.length === 0) return null;
  return (
    <div
      className="chart-fill-tip"
      role="tooltip"
      data-testid="chart-fill-tip"
      style={{ left: hovered.x + 12, top: hovered.y + 10 }}
    >
      {hovered.fills.map((f) => (
        <p key={f.key} className={`chart-fill-tip__row chart-fill-tip__row--${f.side}`}>
          {f.text}
        </p>
      ))}
    </div>
  );
}

/** What the confirm dialog asks. */
function askText(asking: Ask | null, t: I18n['t'], price: string): string {
  if (asking === null) return '';
  return asking.kind === 'move'
    ? t('chart.line.moveBody', { name: asking.line.name, price })
    : t('chart.line.cancelBody', { name: asking.line.name });
}

function same(a: string, b: string): boolean {
  const x = parseDecimal(a);
  return x !== null && x.equals(b);
}
