// /secondDealCenter (trading-c2c-market.md §2; wallet-account-earn.md §2 "Micro trade panel and
// micro order list"): the pair's stats and chart, the order panel with durations and amounts,
// the market list, and the user's orders with live countdowns. Second contracts settle on the
// real price at expiry (ADR 0015).
import { useCallback, useEffect, useState } from 'react';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { PHONE, useMedia } from '../../components/use-media.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { bridgeStatus, market, micro, session, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { storage } from '../../storage.ts';
import '../../styles/spot.css';
import '../../styles/lever-screen.css';
import '../../styles/micro.css';
import { ChartPanel } from '../../trading/chart/spot-chart.tsx';
import { MarketList } from '../../trading/market-list.tsx';
import { pairMetaSignal } from '../../trading/pair-meta.ts';
import { PairStats } from '../../trading/pair-stats.tsx';
import { PhoneTrading } from '../../trading/phone-trading.tsx';
import { rememberPair, resolvePair } from '../../trading/remember-pair.ts';
import { MicroAnnouncer } from './micro-announcer.tsx';
import { MicroNextSettlement, MicroOrders } from './micro-orders.tsx';
import { MicroPanel } from './micro-panel.tsx';
import { warmPainter } from '../../trading/paint/worker-canvas.ts';

export default function MicroScreen() {
  // the paint worker starts with the screen, not after the market list (B10)
  useEffect(warmPainter, []);
  const { t } = useI18n();
  const m = useSignalValue(market);
  const status = useSignalValue(bridgeStatus);
  const [chosen, setChosen] = useState<string | null>(() => storage.get('symbol'));
  const symbol = m.loaded ? resolvePair(chosen, m.groups) : null;

  useEffect(() => {
    void engine.watchMicro(true);
    return () => void engine.watchMicro(false);
  }, []);
  useEffect(() => {
    if (symbol === null) return undefined;
    void engine.watchSpot(symbol);
    return () => void engine.watchSpot(null);
  }, [symbol]);

  const onSelect = useCallback((next: string) => {
    rememberPair(next);
    setChosen(next);
  }, []);

  if (status === 'failed') return <ErrorState text={t('app.engineFailed')} />;
  if (!m.loaded) return <Loading text={t('spot.loading')} />;
  if (symbol === null) return <Empty text={t('spot.noPairs')} />;
  return (
    <>
      <MicroLayout key={symbol} symbol={symbol} onSelect={onSelect} />
      <Announcements />
    </>
  );
}

/** The user's orders read out as their time ends (one watcher whichever pair is shown). */
function Announcements() {
  const view = useSignalValue(micro);
  return useSignalValue(session).loggedIn ? <MicroAnnouncer view={view} /> : null;
}

function MicroLayout({ symbol, onSelect }: { symbol: string; onSelect: (s: string) => void }) {
  const { t } = useI18n();
  const meta = useSignalValue(pairMetaSignal(symbol));
  const view = useSignalValue(micro);
  const loggedIn = useSignalValue(session).loggedIn;
  const ticker = useSignalValue(tickerSignal(symbol));
  const phone = useMedia(PHONE);
  const panel = (
    <section className="spot__panel micro__panel" aria-label={t('micro.title')}>
      <MicroPanel view={view} meta={meta} matchId={ticker?.matchId ?? null} loggedIn={loggedIn} />
    </section>
  );
  if (phone)
    return (
      <PhoneTrading
        meta={meta}
        showMark
        className="spot micro"
        testId="micro-screen"
        onSelect={onSelect}
        panes={{
          chart: () => <ChartPanel meta={meta} />,
        }}
        actions={[
          { side: 'buy', label: t('micro.up'), testId: 'phone-up' },
          { side: 'sell', label: t('micro.down'), testId: 'phone-down' },
        ]}
        formTitle={() => t('micro.title')}
        form={panel}
        barNote={loggedIn && <MicroNextSettlement view={view} />}
      >
        {loggedIn && <MicroOrders view={view} />}
      </PhoneTrading>
    );
  return (
    <div className="spot micro" data-symbol={symbol} data-testid="micro-screen">
      <PairStats meta={meta} showMark />
      <ChartPanel meta={meta} />
      {panel}
      <MarketList symbol={symbol} onSelect={onSelect} />
      {loggedIn && <MicroOrders view={view} />}
    </div>
  );
}
