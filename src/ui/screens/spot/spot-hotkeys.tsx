// The spot screen's hotkeys (issue 24): a template's key makes its limit order from the live
// book and balances (hotkeys/template-order.ts) and places it through the same engine command
// as the form — validated, idempotent, "outcome unknown" said while the engine checks — after
// the trader's confirm when "confirm each hotkey order" is on (the default), or straight away
// with a toast saying what was placed. Other keys go to the buy or sell form, cancel the last
// or every open order on the pair (the same confirm), switch to the next or previous pair, and
// `?` opens the key sheet. Visitors are told to log in.
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CommandResult, OpenOrderView, SpotTriggerKind } from '../../../engine/api.ts';
import type { OrderTemplate } from '../../../shared/workspace.ts';
import type { SpotTif } from '../../../shared/spot.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { book, orders, session, spot } from '../../engine-bridge/signals.ts';
import { HotkeySheet } from '../../hotkeys/hotkey-sheet.tsx';
import { focusField, usePairStep } from '../../hotkeys/screen-keys.ts';
import { templateOrder, type TemplateOrder } from '../../hotkeys/template-order.ts';
import { triggerKind } from '../../trading/trigger-kind.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { useHotkeys } from '../../hotkeys/use-hotkeys.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';
import { workspace } from '../../workspace.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { flagsText } from '../../trading/order-options.tsx';

const WHY = {
  noPrice: 'hotkeys.template.noPrice',
  noFunds: 'hotkeys.template.noFunds',
  tooSmall: 'hotkeys.template.tooSmall',
  reached: 'hotkeys.template.reached',
} as const satisfies Record<string, MessageId>;

type Pending =
  | {
      kind: 'place';
      side: 'buy' | 'sell';
      price: string;
      number: string;
      tif: SpotTif;
      postOnly: boolean;
    }
  | ({ kind: 'trigger'; triggerKind: SpotTriggerKind } & Omit<TriggerOrder, 'ok' | 'order'>)
  | ({ kind: 'scale' } & Omit<ScaleOrder, 'ok' | 'order'>)
  | { kind: 'cancel'; orders: readonly OpenOrderView[]; all: boolean };

type Made = Extract<TemplateOrder, { ok: true }>;
type TriggerOrder = Extract<Made, { order: 'trigger' }>;
type ScaleOrder = Extract<Made, { order: 'scale' }>;

const SPOT_ACTIONS = [
  'focusBuy',
  'focusSell',
  'cancelLast',
  'cancelAll',
  'nextPair',
  'prevPair',
] as const;

export function useSpotHotkeys(
  meta: PairMeta,
  onSelect: (symbol: string) => void,
): { openSheet: () => void; dialogs: ReactNode } {
  const { t, fmt } = useI18n();
  const [sheet, setSheet] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = useRef(false);

  const run = useCallback(
    async (p: Pending): Promise<void> => {
      if (busy.current) return;
      busy.current = true;
      try {
        if (p.kind === 'trigger' || p.kind === 'scale') {
          const r = await placeOther(p, meta.symbol);
          if (r.ok) toast.success(r.message || t('hotkeys.placedOther'));
          else toast.error(failureMessage(r));
          return;
        }
        if (p.kind === 'place') {
          const { side, price, number, tif, postOnly } = p;
          const r = await engine.placeSpotOrder(
            { side, mode: 2, price, number, tif, postOnly },
            () => toast.info(t('spot.form.unknown')),
          );
          // an IOC or FOK may fill in part or whole: the server's words say which
          if (r.ok && tif !== 'gtc') toast.success(r.message);
          else if (r.ok) toast.success(t('hotkeys.placed', placedValues(p, meta, fmt)));
          else toast.error(failureMessage(r));
          return;
        }
        const results: CommandResult[] = [];
        for (const o of p.orders)
          results.push(await engine.cancelSpotOrder({ id: o.id, side: o.side }));
        const failed = results.find((r) => !r.ok);
        if (failed !== undefined) toast.error(failureMessage(failed));
        else toast.success(t('spot.book.cancelled', { count: results.length }));
      } finally {
        busy.current = false;
      }
    },
    [t, fmt, meta],
  );

  const act = useCallback(
    (p: Pending): void => {
      if (!session.peek().loggedIn) return void toast.error(t('hotkeys.loginFirst'));
      if (workspace.peek().hotkeys.confirm) setPending(p);
      else void run(p);
    },
    [run, t],
  );

  const template = useCallback(
    (tpl: OrderTemplate): void => {
      const pending = templatePending(tpl, meta);
      if (typeof pending === 'string') return void toast.error(t(WHY[pending]));
      act(pending);
    },
    [act, meta, t],
  );

  const cancel = useCallback(
    (all: boolean): void => {
      const view = orders.peek();
      // held orders (an earlier page session's) may have filled or gone since: not acted on
      if (view.openHeld) return void toast.info(t('hotkeys.heldOrders'));
      const open = view.open.filter((o) => o.symbol === meta.symbol);
      if (open.length === 0) return void toast.info(t('hotkeys.noOrders'));
      const newest = open.reduce((a, b) => (b.id > a.id ? b : a));
      act({ kind: 'cancel', orders: all ? open : [newest], all });
    },
    [act, meta.symbol, t],
  );

  const step = usePairStep(meta.symbol, onSelect);

  useHotkeys({
    template,
    focusBuy: () => focusField('buy-form', 'price'),
    focusSell: () => focusField('sell-form', 'price'),
    cancelLast: () => cancel(false),
    cancelAll: () => cancel(true),
    nextPair: () => step(1),
    prevPair: () => step(-1),
    help: () => setSheet(true),
  });

  const body = useMemo(
    () => (pending === null ? '' : pendingText(pending, meta, t, fmt)),
    [pending, meta, t, fmt],
  );
  const dialogs = (
    <>
      <HotkeySheet
        open={sheet}
        onClose={() => setSheet(false)}
        actions={SPOT_ACTIONS}
        templates
        base={meta.base}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t('hotkeys.confirm.title')}
        body={body}
        confirmLabel={t('spot.cancel.sure')}
        cancelLabel={t('spot.cancel.dismiss')}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          if (p !== null) void run(p);
        }}
        onClose={() => setPending(null)}
        testId="hotkey-confirm"
      />
    </>
  );
  return { openSheet: useCallback(() => setSheet(true), []), dialogs };
}

type Fmt = ReturnType<typeof useI18n>['fmt'];

function placedValues(p: Extract<Pending, { kind: 'place' }>, meta: PairMeta, fmt: Fmt) {
  return {
    side: p.side,
    amount: fmt.fixed(p.number, meta.amountPrecision),
    base: meta.base,
    price: fmt.fixed(p.price, meta.pricePrecision),
    quote: meta.quote,
  };
}

/** A template's order from the live book and balances, or why none can be made. */
function templatePending(tpl: OrderTemplate, meta: PairMeta): Pending | keyof typeof WHY {
  const b = book.peek();
  const s = spot.peek();
  const here = b !== null && b.symbol === meta.symbol;
  const last = s?.symbol === meta.symbol ? s.lastPrice : null;
  const o = templateOrder(
    tpl,
    {
      bestBid: here ? b.bestBid : null,
      bestAsk: here ? b.bestAsk : null,
      last,
      pricePrecision: meta.pricePrecision,
      amountPrecision: meta.amountPrecision,
    },
    { quote: s?.userLegal ?? '0', base: s?.userCurrency ?? '0' },
  );
  return o.ok ? pendingOf(o, last) : o.reason;
}

/** What a template's order asks to place; a conditional one knows its kind from the last price. */
function pendingOf(o: Made, last: DecStr | null): Pending | 'noPrice' | 'reached' {
  if (o.order === 'limit') {
    const { side, price, number, tif, postOnly } = o;
    return { kind: 'place', side, price, number, tif, postOnly };
  }
  if (o.order === 'scale') {
    const { side, from, to, count, skew, number } = o;
    return { kind: 'scale', side, from, to, count, skew, number };
  }
  const k = triggerKind(o.side, o.trigger, last, o.price !== null);
  if (k === null) return 'noPrice';
  if (k === 'reached') return 'reached';
  const { side, trigger, price, number } = o;
  return { kind: 'trigger', triggerKind: k.kind, side, trigger, price, number };
}

/** A conditional or scale order, through the same engine commands as the ticket. */
function placeOther(
  p: Extract<Pending, { kind: 'trigger' | 'scale' }>,
  symbol: string,
): Promise<CommandResult<unknown>> {
  if (p.kind === 'scale')
    return engine.placeSpotScale({
      symbol,
      side: p.side,
      from: p.from,
      to: p.to,
      count: String(p.count),
      number: p.number,
      skew: p.skew,
    });
  return engine.placeSpotTrigger({
    symbol,
    side: p.side,
    kind: p.triggerKind,
    trigger: p.trigger,
    price: p.price ?? '',
    number: p.number,
  });
}

/** A conditional or scale order's confirmation. */
function otherText(
  p: Extract<Pending, { kind: 'trigger' | 'scale' }>,
  meta: PairMeta,
  t: ReturnType<typeof useI18n>['t'],
  fmt: Fmt,
): string {
  const price = (v: string) => fmt.fixed(v, meta.pricePrecision);
  const pair = {
    side: p.side,
    amount: fmt.fixed(p.number, meta.amountPrecision),
    base: meta.base,
    quote: meta.quote,
  };
  if (p.kind === 'scale')
    return t('hotkeys.confirm.scale', {
      ...pair,
      count: p.count,
      from: price(p.from),
      to: price(p.to),
    });
  return t('hotkeys.confirm.trigger', {
    ...pair,
    stop: p.triggerKind.startsWith('stop') ? 'yes' : 'no',
    trigger: price(p.trigger),
    limit: p.price === null ? 'market' : price(p.price),
  });
}

function pendingText(
  p: Pending,
  meta: PairMeta,
  t: ReturnType<typeof useI18n>['t'],
  fmt: Fmt,
): string {
  if (p.kind === 'place')
    return `${t('hotkeys.confirm.order', placedValues(p, meta, fmt))}${flagsText(p, t)}`;
  if (p.kind === 'scale' || p.kind === 'trigger') return otherText(p, meta, t, fmt);
  const first = p.orders[0];
  if (p.all || first === undefined)
    return t('hotkeys.confirm.cancelAll', { count: p.orders.length, pair: meta.symbol });
  return t('hotkeys.confirm.cancelLast', {
    side: first.side,
    amount: fmt.fixed(first.number, meta.amountPrecision),
    base: meta.base,
    price: fmt.fixed(first.price, meta.pricePrecision),
  });
}
