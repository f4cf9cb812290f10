// Header stats of the selected pair: pair, last price coloured by the 24 h change, its CNY
// estimate, change, 24 h high, low and volume (decimals of spec §9); on the contract screens
// also the mark price, at which contracts open, close and settle (api-contract decision 10).
import { computed } from '@preact/signals-core';
import type { ReactNode } from 'react';
import type { Ticker } from '../../engine/api.ts';
import { DataAge } from '../components/data-age.tsx';
import { DECIMALS } from '../../shared/constants.ts';
import { spot, tickerSignal } from '../engine-bridge/signals.ts';
import { useSignalSelect, useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { PairMeta } from './pair-meta.ts';

interface PairStatsProps {
  meta: PairMeta;
  showMark?: boolean;
  /** On a phone the pair is a button that opens the market list. */
  onPair?: () => void;
  /** Controls by the pair's name (the spot screen's price alert button). */
  tools?: ReactNode;
}

export function PairStats({ meta, showMark = false, onPair, tools }: PairStatsProps) {
  const { t, fmt } = useI18n();
  const ticker = useSignalValue(tickerSignal(meta.symbol));
  const dir = ticker === null ? 'flat' : fmt.direction(ticker.change);
  const dash = '--';

  return (
    <section className="spot__panel spot__stats" aria-label={t('spot.stats.label')}>
      <div className="stats__box spot__live-box">
        <PairButton meta={meta} logo={ticker?.logo ?? ''} onPair={onPair} tools={tools} />
        <div className="stats__last">
          <span className="visually-hidden">{t('spot.stats.last')}</span>
          <span className={`stats__price num is-${dir}`} data-testid="last-price">
            {ticker === null ? dash : fmt.fixed(ticker.price, ticker.pricePrecision)}
          </span>
          <CnyPrice />
        </div>
        <dl className="stats__list">
          {showMark && (
            <Stat label={t('spot.stats.mark')} hint={t('spot.stats.markHint')} testId="mark-price">
              {ticker?.markPrice === undefined
                ? dash
                : fmt.fixed(ticker.markPrice, ticker.pricePrecision)}
            </Stat>
          )}
          <Stat label={t('spot.stats.change')} className={`is-${dir}`}>
            {ticker === null ? dash : fmt.change(ticker.change)}
          </Stat>
          <Stat label={t('spot.stats.high')}>
            {ticker === null ? dash : fmt.fixed(ticker.high, ticker.pricePrecision)}
          </Stat>
          <Stat label={t('spot.stats.low')}>
            {ticker === null ? dash : fmt.fixed(ticker.low, ticker.pricePrecision)}
          </Stat>
          <Stat label={t('spot.stats.volume', { currency: meta.base })}>
            {ticker === null ? dash : fmt.fixed(ticker.volume, DECIMALS.volume)}
          </Stat>
        </dl>
        <TickerAge symbol={meta.symbol} />
      </div>
    </section>
  );
}

/** While the connection is down: the figures above are the last known, as of their time. */
function TickerAge({ symbol }: { symbol: string }) {
  return <DataAge at={useSignalSelect(tickerSignal(symbol), tickerAt)} />;
}
const tickerAt = (ticker: Ticker | null): number | null => ticker?.at ?? null;

function PairButton({
  meta,
  logo,
  onPair,
  tools,
}: {
  meta: PairMeta;
  logo: string;
  onPair: (() => void) | undefined;
  tools: ReactNode;
}) {
  const { t } = useI18n();
  if (onPair === undefined)
    return (
      <div className="stats__pair">
        <PairName meta={meta} logo={logo} />
        {tools}
      </div>
    );
  return (
    <>
      <button
        type="button"
        className="stats__pair stats__pair--button"
        aria-haspopup="dialog"
        aria-label={t('spot.phone.pickPair', { pair: `${meta.base}/${meta.quote}` })}
        data-testid="pick-pair"
        onClick={onPair}
      >
        <PairName meta={meta} logo={logo} />
        <span className="stats__caret" aria-hidden="true" />
      </button>
      {tools}
    </>
  );
}

function PairName({ meta, logo }: { meta: PairMeta; logo: string }) {
  const { t } = useI18n();
  return (
    <>
      {logo !== '' && <img className="stats__logo" src={logo} alt="" width="24" height="24" />}
      <span className="stats__base">{meta.base}</span>
      <span className="stats__quote">{t('spot.pair.quote', { quote: meta.quote })}</span>
    </>
  );
}

function Stat({
  label,
  className,
  hint,
  testId,
  children,
}: {
  label: string;
  className?: string;
  /** Says what the figure is, on hover and to screen readers. */
  hint?: string;
  testId?: string;
  children: string;
}) {
  return (
    <div className="stats__item" title={hint}>
      <dt>
        {label}
        {hint !== undefined && <span className="visually-hidden">{hint}</span>}
      </dt>
      <dd className={`num ${className ?? ''}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The CNY figure alone (null until loaded): the line re-renders when it changes, not on
 *  every change of the spot view (issue 19). */
const cnyPrice = computed(() => {
  const v = spot.value;
  return v === null || !v.loaded ? null : v.cnyPrice;
});

function CnyPrice() {
  const { t, fmt } = useI18n();
  const value = useSignalValue(cnyPrice);
  if (value === null) return null;
  return (
    <span className="stats__cny num">{t('spot.stats.cny', { value: fmt.fixed(value, 2) })}</span>
  );
}
