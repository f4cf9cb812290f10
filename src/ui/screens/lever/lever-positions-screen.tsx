// The leverage positions page (trading-c2c-market.md §2 "Leverage positions page"), reached as
// /leverList, /leverTransactions, /leverTransaction and /leverRecord: a choice of the USDT
// pairs (defaulting to the stored pair, as /dealCenter does), the lever account of the quote
// currency (free balance, risk rate, floating P&L, margin in use) with links to trade and to
// fund it, and the positions panel. The pair is watched while the page is mounted.
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { bridgeStatus, lever, market } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PATH } from '../../route-paths.ts';
import { storage } from '../../storage.ts';
import '../../styles/lever.css';
import { rememberPair, resolvePair } from '../../trading/remember-pair.ts';
import { LEVER_TRANSFER_PATH, LeverPositions, percentText } from './lever-positions.tsx';
import { riskOf } from './lever-risk.ts';
import { DASH, LEVER_DP, SignedValue, quoteOf } from './stop-dialog.tsx';

/** The quote currency whose pairs are traded with leverage here. */
const LEVER_QUOTE = 'USDT';

export default function LeverPositionsScreen() {
  const { t } = useI18n();
  const m = useSignalValue(market);
  const status = useSignalValue(bridgeStatus);
  const [chosen, setChosen] = useState<string | null>(() => storage.get('symbol'));
  const pairs = useMemo(() => leverPairs(m.groups), [m.groups]);
  const symbol = m.loaded ? resolvePair(chosen, [{ symbols: pairs }]) : null;

  useEffect(() => {
    if (symbol === null) return undefined;
    void engine.watchLever(symbol);
    return () => void engine.watchLever(null);
  }, [symbol]);

  const onSelect = useCallback((next: string) => {
    rememberPair(next);
    setChosen(next);
  }, []);

  if (status === 'failed') return <ErrorState text={t('app.engineFailed')} />;
  if (m.error !== null && !m.loaded) return <ErrorState text={m.error} />;
  if (!m.loaded) return <Loading text={t('lever.page.loading')} />;
  if (symbol === null) return <Empty text={t('lever.page.noPairs')} />;
  return (
    <div className="lever-page" data-testid="lever-positions-page" data-symbol={symbol}>
      <header className="lever-page__top">
        <h1 className="lever-page__title">{t('lever.page.title')}</h1>
        <PairSelect symbol={symbol} pairs={pairs} onSelect={onSelect} />
      </header>
      <LeverSummary symbol={symbol} />
      <LeverPositions />
    </div>
  );
}

/** The listed pairs quoted in USDT, in the quotation's order, without repeats. */
function leverPairs(groups: readonly { symbols: string[] }[]): string[] {
  const all = groups.flatMap((g) => g.symbols).filter((s) => quoteOf(s) === LEVER_QUOTE);
  return [...new Set(all)];
}

function PairSelect({
  symbol,
  pairs,
  onSelect,
}: {
  symbol: string;
  pairs: readonly string[];
  onSelect: (symbol: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="lever-page__pair">
      <label htmlFor={id} className="muted">
        {t('lever.page.pair')}
      </label>
      <select
        id={id}
        className="lever-select"
        value={symbol}
        data-testid="lever-pair-select"
        onChange={(e) => onSelect(e.target.value)}
      >
        {pairs.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The lever account of the pair's quote currency, live. */
function LeverSummary({ symbol }: { symbol: string }) {
  const { t, fmt } = useI18n();
  const view = useSignalValue(lever);
  const risk = riskOf(view);
  const quote = quoteOf(symbol);
  const balance = view.symbol === symbol ? (view.deal?.balance ?? null) : null;
  return (
    <section className="lever-panel lever-summary" aria-label={t('lever.page.summary')}>
      <dl className="lever-summary__figures">
        <div className="lever-summary__item">
          <dt>{t('lever.page.balance', { quote })}</dt>
          <dd className="num" data-testid="lever-balance">
            {balance === null ? DASH : fmt.amount(balance, LEVER_DP.money)}
          </dd>
        </div>
        <div
          className="lever-summary__item"
          title={t('lever.risk.hint', { line: percentText(fmt, risk.line) })}
        >
          <dt>{t('lever.risk.rate')}</dt>
          <dd
            className={`num lever-risk lever-risk--${risk.level}`}
            data-testid="lever-summary-risk"
            data-level={risk.level}
          >
            {risk.rate === null
              ? DASH
              : t('lever.risk.rateValue', { rate: fmt.fixed(risk.rate, 2) })}
          </dd>
        </div>
        <div className="lever-summary__item">
          <dt>{t('lever.risk.profits')}</dt>
          <dd className="num" data-testid="lever-summary-profits">
            {risk.profits === null ? DASH : <SignedValue value={risk.profits} />}
          </dd>
        </div>
        <div className="lever-summary__item">
          <dt>{t('lever.page.margin')}</dt>
          <dd className="num">
            {risk.margin === null ? DASH : fmt.fixed(risk.margin, LEVER_DP.money)}
          </dd>
        </div>
      </dl>
      <div className="lever-summary__links">
        <Link className="btn btn--primary btn--sm" to={PATH.leverDealCenter}>
          {t('lever.page.trade')}
        </Link>
        <Link className="btn btn--ghost btn--sm" to={LEVER_TRANSFER_PATH}>
          {t('lever.page.transfer')}
        </Link>
      </div>
      <p className="lever-summary__line muted">
        {t('lever.risk.line', { line: percentText(fmt, risk.line) })}
      </p>
    </section>
  );
}
