// Second contracts read out on the second-contract screen (issue 26, ADR 0038): an order's time
// is up ("settling"), then how it settled — the latter only when the micro group's pop-up is
// off, since the settlement's notification toast already says it (the toast region is live).
import { useEffect, useRef } from 'react';
import type { MicroView } from '../../../engine/api.ts';
import { Decimal, toDecStr } from '../../../shared/decimal.ts';
import { MICRO_COUNTDOWN_MS } from '../../../shared/micro.ts';
import { announce } from '../../announce/announcer.ts';
import { useNow } from '../../components/use-now.ts';
import { notices } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { microNews, type MicroNews, type MicroPhase } from './micro-news.ts';

const OUTCOME: Readonly<Record<number, string>> = { 1: 'win', 0: 'draw', [-1]: 'lose' };

export function MicroAnnouncer({ view }: { view: MicroView }) {
  const { t, fmt } = useI18n();
  const now = useNow(MICRO_COUNTDOWN_MS);
  const popUp = useSignalValue(notices).prefs.micro.toast;
  const seen = useRef(new Map<number, MicroPhase>());
  const rows = view.trading.held ? [] : [...view.trading.rows, ...view.closed.rows];

  useEffect(() => {
    for (const { kind, order: o } of microNews(seen.current, rows, now)) {
      const values = { symbol: o.symbol, amount: fmt.fixed(o.number, 2), coin: o.currency };
      if (kind === 'timeUp')
        announce(
          t('micro.announce.timeUp', {
            ...values,
            side: t(o.side === 1 ? 'micro.up' : 'micro.down'),
          }),
        );
      else if (!popUp) announce(settledLine(o, t, fmt));
    }
  });
  return null;
}

type Order = MicroNews['order'];

/** The settlement in the words of its notification (`micro.settled`): stake, payout, outcome. */
function settledLine(
  o: Order,
  t: ReturnType<typeof useI18n>['t'],
  fmt: ReturnType<typeof useI18n>['fmt'],
): string {
  const payout = Decimal.max(0, new Decimal(o.number).plus(o.profit));
  return t('notice.kind.micro.settled.line', {
    symbol: o.symbol,
    outcome: OUTCOME[o.result] ?? 'lose',
    amount: fmt.fixed(o.number, 2),
    payout: fmt.fixed(toDecStr(payout), 2),
    coin: o.currency,
  });
}
