// What a contract template says (issue 44, ADR 0066): in the key sheet, what its key places, from
// the template; in the confirmation, the order it makes now, at the live mark.
import { useCallback } from 'react';
import type { LeverTemplate, LeverTemplateResult } from '../../shared/lever-templates.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { PairMeta } from '../trading/pair-meta.ts';

type Placed = Extract<LeverTemplateResult, { ok: true }>;

const ORDER_WORD = {
  market: 'market',
  limit: 'limit',
  'stop-limit': 'stopLimit',
  'stop-market': 'stopMarket',
} as const;

/** Ticks with their sign always written: "+50", "−20", "0". */
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A template as the key sheet says it: "Long 2 hands at 10×: stop market, trigger mark + 50 ticks". */
export function useLeverTemplateText(): (tpl: LeverTemplate) => string {
  const { t } = useI18n();
  return useCallback(
    (tpl: LeverTemplate) =>
      t('hotkeys.lever.describe', {
        side: tpl.side,
        hands: tpl.hands,
        multiple: tpl.multiple,
        order: ORDER_WORD[tpl.order],
        ticks: signed(tpl.ticks),
        limitTicks: signed(tpl.limitTicks),
      }),
    [t],
  );
}

/** The order a template makes now, as its confirmation says it. */
export function useLeverOrderText(meta: PairMeta): (o: Placed) => string {
  const { t, fmt } = useI18n();
  return useCallback(
    (o: Placed) => {
      const price = (v: string) => (v === '' ? '' : fmt.fixed(v, meta.pricePrecision));
      const order =
        o.trigger === null
          ? o.mode === 1
            ? 'market'
            : 'limit'
          : o.mode === 1
            ? 'stopMarket'
            : 'stopLimit';
      return t('hotkeys.lever.confirm', {
        side: o.side === 1 ? 'long' : 'short',
        symbol: meta.symbol,
        hands: Number(o.share),
        multiple: o.multiple,
        order,
        kind: o.trigger?.kind ?? 'stop',
        price: price(o.price),
        trigger: price(o.trigger?.price ?? ''),
      });
    },
    [t, fmt, meta],
  );
}
