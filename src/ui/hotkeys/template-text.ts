// Hotkeys in words, as the key sheet and the settings show them: each action's name, and a
// template as "Buy 25 % of what is available at the best ask + 1 tick", "Sell 0.01 BTC at the
// best bid (IOC)", a conditional one by its trigger, a scale one by its orders and span.
import { useCallback } from 'react';
import type { HotkeyAction, OrderTemplate } from '../../shared/workspace.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { flagsText } from '../trading/order-options.tsx';

/** What each action is called. */
export const ACTION_LABEL: Record<HotkeyAction, MessageId> = {
  focusBuy: 'hotkeys.action.focusBuy',
  focusSell: 'hotkeys.action.focusSell',
  cancelLast: 'hotkeys.action.cancelLast',
  cancelAll: 'hotkeys.action.cancelAll',
  closePosition: 'hotkeys.action.closePosition',
  nextPair: 'hotkeys.action.nextPair',
  prevPair: 'hotkeys.action.prevPair',
};

export function useTemplateText(base: string): (t: OrderTemplate) => string {
  const { t } = useI18n();
  return useCallback(
    (tpl: OrderTemplate) => {
      const size =
        tpl.size.kind === 'percent'
          ? t('hotkeys.size.percent', { percent: tpl.size.value })
          : `${tpl.size.value} ${base}`;
      const signed = (n: number) =>
        t('hotkeys.offset', { sign: n > 0 ? 'plus' : 'minus', ticks: Math.abs(n) });
      const ticks = tpl.price.ticks;
      const offset = ticks === 0 ? '' : ` ${signed(ticks)}`;
      const values = { side: tpl.side, size, from: tpl.price.from, offset };
      if (tpl.order === 'scale')
        return t('hotkeys.describeScale', {
          ...values,
          count: tpl.scale.count,
          // "the last − 400 ticks from the first": a span below the first says so
          span: signed(tpl.scale.spanTicks),
          skew: tpl.scale.skew,
        });
      if (tpl.order === 'trigger-limit' || tpl.order === 'trigger-market')
        return t('hotkeys.describeTrigger', {
          ...values,
          limit: tpl.order === 'trigger-market' ? 'market' : 'limit',
          limitTicks: tpl.limitTicks,
        });
      return `${t('hotkeys.describe', values)}${flagsText(tpl, t)}`;
    },
    [t, base],
  );
}
