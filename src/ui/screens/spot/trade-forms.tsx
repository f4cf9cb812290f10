// Buy and sell forms side by side (spec §2, §4, §5) under one limit / market / stop limit / stop
// market switch (the conditional orders of issue 44, stop-form.tsx). Visitors see the fields disabled and
// login / register prompts instead of the submit buttons.
import { computed, type ReadonlySignal } from '@preact/signals-core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SpotMode } from '../../../shared/spot.ts';
import { book, session, spot } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { SpotForm, type PickedPrice } from './spot-form.tsx';
import { ScaleForm } from './scale-form.tsx';
import { StopForm } from './stop-form.tsx';

/**
 * The conditional modes (issue 44): the order placed when triggered is a limit or a market one;
 * an OCO pairs a limit order with a stop (ADR 0056); a scale places several limit orders (ADR 0057).
 */
type StopMode = 'stop-limit' | 'stop-market' | 'oco' | 'scale';

/** A price clicked in the book; a new object per click. */
interface TradeFormsProps {
  meta: PairMeta;
  picked: ReadonlySignal<PickedPrice | null>;
  /** At the right of the limit / market switch (the hotkeys button). */
  tools?: ReactNode;
}

// Narrow views of the spot and book signals: they notify only when the value itself changes.
const balances = computed(() => {
  const v = spot.value;
  return { legal: v?.userLegal ?? '0', currency: v?.userCurrency ?? '0' };
});
const legalBalance = computed(() => balances.value.legal);
/**
 * The pair's panel answered: its balances are the server's, not the "0" of a view not loaded yet
 * (offline, or a pair just switched). Until then the forms say "--" (no decimal: the slider
 * computes nothing from it), never a zero the page does not know (issue 23's rule).
 */
const UNKNOWN = '--';
const balancesLoaded = computed(() => spot.value?.loaded === true);
const currencyBalance = computed(() => balances.value.currency);
const bestAsk = computed(() => book.value?.bestAsk ?? null);
const bestBid = computed(() => book.value?.bestBid ?? null);
const loggedIn = computed(() => session.value.loggedIn);
/** The buy form beside the sell form, each with its own balance and best opposite price. */
const SIDES = ['buy', 'sell'] as const;

export function TradeForms({ meta, picked, tools }: TradeFormsProps) {
  const { t } = useI18n();
  const [mode, setMode] = useState<SpotMode | StopMode>(2);
  // an order offered on the chart opens its kind of form (issue 46)
  useEffect(
    () =>
      picked.subscribe((p) => {
        if (p?.kind === 'limit') setMode(2);
        else if (p?.kind === 'stop') setMode('stop-market');
      }),
    [picked],
  );
  const isLoggedIn = useSignalValue(loggedIn);
  const legal = useSignalValue(legalBalance);
  const currency = useSignalValue(currencyBalance);
  const known = useSignalValue(balancesLoaded) || !isLoggedIn;
  const modes = useMemo(
    () =>
      [
        { id: 2 as const, label: t('spot.form.limit'), testId: 'mode-limit' },
        { id: 1 as const, label: t('spot.form.market'), testId: 'mode-market' },
        { id: 'stop-limit' as const, label: t('spot.stop.modeLimit'), testId: 'mode-stop-limit' },
        {
          id: 'stop-market' as const,
          label: t('spot.stop.modeMarket'),
          testId: 'mode-stop-market',
        },
        {
          id: 'oco' as const,
          label: t('spot.oco.mode'),
          testId: 'mode-oco',
          title: t('spot.oco.modeLabel'),
        },
        {
          id: 'scale' as const,
          label: t('spot.scale.mode'),
          testId: 'mode-scale',
          title: t('spot.scale.modeLabel'),
        },
      ] satisfies { id: SpotMode | StopMode; label: string; testId: string; title?: string }[],
    [t],
  );

  return (
    <section className="spot__panel spot__forms" aria-labelledby="spot-forms-title">
      <header className="spot__head">
        <h2 id="spot-forms-title" className="visually-hidden">
          {t('spot.form.title')}
        </h2>
        <div className="spot-tabs spot-tabs--line" role="tablist" aria-label={t('spot.form.modes')}>
          {modes.map((m) => (
            <button
              key={m.id}
              type="button"
              role="tab"
              aria-selected={mode === m.id}
              className={`spot-tabs__tab ${mode === m.id ? 'is-active' : ''}`}
              data-testid={m.testId}
              title={'title' in m ? m.title : undefined}
              onClick={() => setMode(m.id)}
            >
              {m.label}
            </button>
          ))}
        </div>
        {tools}
      </header>
      <div className="forms__pair">
        {SIDES.map((side) => {
          const balance = known ? (side === 'buy' ? legal : currency) : UNKNOWN;
          if (mode === 'scale')
            return (
              <ScaleForm
                key={`${side}-scale`}
                side={side}
                meta={meta}
                loggedIn={isLoggedIn}
                balance={balance}
              />
            );
          return mode === 'stop-limit' || mode === 'stop-market' || mode === 'oco' ? (
            <StopForm
              key={`${side}-${mode === 'oco' ? 'oco' : 'stop'}`}
              side={side}
              limit={mode === 'stop-limit'}
              oco={mode === 'oco'}
              picked={picked}
              meta={meta}
              loggedIn={isLoggedIn}
              balance={balance}
            />
          ) : (
            <SpotForm
              key={side}
              side={side}
              mode={mode}
              meta={meta}
              loggedIn={isLoggedIn}
              balance={balance}
              best={side === 'buy' ? bestAsk : bestBid}
              picked={picked}
            />
          );
        })}
      </div>
    </section>
  );
}
