// The lever trade panel: the market / limit switch (switching clears the multiple and resets
// the price to the latest, spec §4), with the conditional kinds beside them (stop limit, stop
// market: ADR 0065), over the long and short forms. Visitors see login and register prompts
// instead.
import { computed, type ReadonlySignal } from '@preact/signals-core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LeverPick } from './lever-chart-trading.ts';
import { Link } from 'react-router';
import { Loading } from '../../components/states.tsx';
import { lever, session, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { LeverForm } from './lever-form.tsx';
import type { LeverTicket } from './lever-trigger.tsx';
import { isConditional, LEVER_TICKETS, modeOf } from './lever-trigger.tsx';

const TICKET_LABEL = {
  market: 'lever.form.market',
  limit: 'lever.form.limit',
  stopLimit: 'lever.trigger.stopLimit',
  stopMarket: 'lever.trigger.stopMarket',
} as const;

const deal = computed(() => lever.value.deal);
const risk = computed(() => lever.value.risk);
const loggedIn = computed(() => session.value.loggedIn);

/** `tools` sit at the right of the market / limit switch (the hotkeys button); `picked`, an order
 *  offered at a price of the chart (issue 46): its ticket opens with that price. */
export function LeverForms({
  meta,
  tools,
  picked,
}: {
  meta: PairMeta;
  tools?: ReactNode;
  picked?: ReadonlySignal<LeverPick | null>;
}) {
  const { t } = useI18n();
  const [ticket, setTicket] = useState<LeverTicket>('market');
  const [resetKey, setResetKey] = useState(0);
  const [seed, setSeed] = useState<LeverPick | null>(null);
  useEffect(
    () =>
      picked?.subscribe((p) => {
        // every kind but market waits: with the entrust switch off, none is offered
        if (p === null || lever.peek().deal?.entrustOpen === false) return;
        setTicket(p.kind === 'limit' ? 'limit' : 'stopMarket');
        setSeed(p);
        setResetKey((n) => n + 1);
      }),
    [picked],
  );
  const d = useSignalValue(deal);
  const r = useSignalValue(risk);
  const isLoggedIn = useSignalValue(loggedIn);
  // positions open at the mark price (api-contract decision 10); the last trade only while
  // the server sends no mark
  const markSignal = useMemo(
    () =>
      computed(() => {
        const ticker = tickerSignal(meta.symbol).value;
        return ticker?.markPrice ?? ticker?.price ?? null;
      }),
    [meta.symbol],
  );
  const mark = useSignalValue(markSignal) ?? d?.markPrice ?? d?.lastPrice ?? null;
  return (
    <section className="spot__panel spot__forms lever__forms" aria-labelledby="lever-forms-title">
      <header className="spot__head">
        <h2 id="lever-forms-title" className="visually-hidden">
          {t('lever.form.title')}
        </h2>
        <div
          className="spot-tabs spot-tabs--line"
          role="tablist"
          aria-label={t('lever.form.modes')}
        >
          {LEVER_TICKETS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={ticket === k}
              className={`spot-tabs__tab ${ticket === k ? 'is-active' : ''}`}
              data-testid={`lever-mode-${k}`}
              // every kind but market waits: the entrust switch opens them all
              disabled={k !== 'market' && d !== null && !d.entrustOpen}
              onClick={() => {
                if (k === ticket) return;
                setTicket(k);
                setSeed(null);
                setResetKey((n) => n + 1);
              }}
            >
              {t(TICKET_LABEL[k])}
            </button>
          ))}
        </div>
        {tools}
      </header>
      {!isLoggedIn ? (
        <div className="spot-form__login" data-testid="lever-login-prompt">
          <span className="muted">{t('lever.form.loginPrompt')}</span>
          <div className="spot-form__login-actions">
            <Link className="btn btn--primary btn--sm" to={ROUTE_PATH.login}>
              {t('spot.form.login')}
            </Link>
            <Link className="btn btn--ghost btn--sm" to={ROUTE_PATH.register}>
              {t('spot.form.register')}
            </Link>
          </div>
        </div>
      ) : d === null ? (
        <Loading />
      ) : (
        <div className="forms__pair lever-forms">
          <LeverForm
            side={1}
            mode={modeOf(ticket)}
            conditional={isConditional(ticket)}
            meta={meta}
            deal={d}
            risk={r}
            mark={mark}
            resetKey={resetKey}
            seed={seed?.side === 1 ? seed : null}
          />
          <LeverForm
            side={2}
            mode={modeOf(ticket)}
            conditional={isConditional(ticket)}
            meta={meta}
            deal={d}
            risk={r}
            mark={mark}
            resetKey={resetKey}
            seed={seed?.side === 2 ? seed : null}
          />
        </div>
      )}
    </section>
  );
}
