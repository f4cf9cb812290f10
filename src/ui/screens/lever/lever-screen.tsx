// /leverdealCenter (trading-c2c-market.md §2 "Leveraged screen"): pair stats, the depth book,
// the chart and recent trades of the pair (the spot screen's live panels), the market list,
// the lever trade panel with long and short sides, and the user's positions with the live risk
// rate. The screen watches the pair's market data (watchSpot) and its lever data (watchLever).
import { signal } from '@preact/signals-core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { PHONE, useMedia } from '../../components/use-media.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { bridgeStatus, market } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { storage } from '../../storage.ts';
import '../../styles/spot.css';
import '../../styles/lever.css';
import '../../styles/lever-screen.css';
import { ChartPanel } from '../../trading/chart/spot-chart.tsx';
import { MarketList } from '../../trading/market-list.tsx';
import { useBookCancel } from '../../trading/book-cancel.tsx';
import { HotkeysButton } from '../../hotkeys/hotkeys-button.tsx';
import { OrderBook } from '../../trading/order-book.tsx';
import { pairMetaSignal } from '../../trading/pair-meta.ts';
import { PairStats } from '../../trading/pair-stats.tsx';
import { PhoneTrading } from '../../trading/phone-trading.tsx';
import {
  DESKTOP_WORKSPACE,
  LayoutMenu,
  panelGridProps,
  PanelSplitters,
  usePanelLayout,
} from '../../trading/panel-layout.tsx';
import { RecentTrades } from '../../trading/recent-trades.tsx';
import { resolvePair, useChoosePair } from '../../trading/remember-pair.ts';
import { LeverDeals } from './lever-deals.tsx';
import { LeverForms } from './lever-forms.tsx';
import { useLeverChartTrading, type LeverPick } from './lever-chart-trading.ts';
import { useLeverHotkeys } from './lever-hotkeys.tsx';
import { LeverPositions } from './lever-positions.tsx';
import { warmPainter } from '../../trading/paint/worker-canvas.ts';

export default function LeverScreen() {
  // the paint worker starts with the screen, not after the market list (B10)
  useEffect(warmPainter, []);
  const { t } = useI18n();
  const m = useSignalValue(market);
  const status = useSignalValue(bridgeStatus);
  const [chosen, setChosen] = useState<string | null>(() => storage.get('symbol'));
  const symbol = m.loaded ? resolvePair(chosen, m.groups) : null;

  useEffect(() => {
    if (symbol === null) return undefined;
    void engine.watchSpot(symbol);
    void engine.watchLever(symbol);
    return () => {
      void engine.watchSpot(null);
      void engine.watchLever(null);
    };
  }, [symbol]);

  const onSelect = useChoosePair(symbol, setChosen);

  if (status === 'failed') return <ErrorState text={t('app.engineFailed')} />;
  if (m.error !== null && !m.loaded) return <ErrorState text={m.error} />;
  if (!m.loaded) return <Loading text={t('spot.loading')} />;
  if (symbol === null) return <Empty text={t('spot.noPairs')} />;
  return <LeverLayout key={symbol} symbol={symbol} onSelect={onSelect} />;
}

/** The book's levels are for looking only here: a click does not fill a lever form. */
const ignorePick = (): void => undefined;

function LeverLayout({ symbol, onSelect }: { symbol: string; onSelect: (s: string) => void }) {
  const { t } = useI18n();
  const meta = useSignalValue(pairMetaSignal(symbol));
  const phone = useMedia(PHONE);
  const revoke = useBookCancel(meta, 'lever');
  const hotkeys = useLeverHotkeys(meta, onSelect);
  const book = <OrderBook meta={meta} onPick={ignorePick} onCancelOwn={revoke.ask} owner="lever" />;
  // an order offered on the chart opens the ticket at its price (on a phone, in its sheet)
  const picked = useMemo(() => signal<LeverPick | null>(null), []);
  const openForm = useRef<((side: 'buy' | 'sell') => void) | null>(null);
  const offerOpens = useCallback((side: 'buy' | 'sell') => openForm.current?.(side), []);
  const trading = useLeverChartTrading(meta, picked, offerOpens);
  const grid = useRef<HTMLDivElement>(null);
  const desk = useMedia(DESKTOP_WORKSPACE);
  const layout = usePanelLayout('lever');
  if (phone)
    return (
      <PhoneTrading
        meta={meta}
        showMark
        className="spot lever"
        testId="lever-screen"
        onSelect={onSelect}
        panes={{
          chart: (open) => {
            openForm.current = open;
            return <ChartPanel meta={meta} depth trading={trading} />;
          },
          book: () => book,
          trades: () => <RecentTrades meta={meta} />,
        }}
        actions={[
          { side: 'buy', label: t('lever.form.openLong'), testId: 'phone-long' },
          { side: 'sell', label: t('lever.form.openShort'), testId: 'phone-short' },
        ]}
        // the side only: what the form does (open, close with reduce-only, place a conditional
        // order) is on its submit button
        formTitle={(side) => t(side === 'buy' ? 'lever.positions.long' : 'lever.positions.short')}
        form={<LeverForms meta={meta} picked={picked} />}
      >
        <section className="spot__panel lever__positions">
          <LeverPositions compact />
        </section>
        <LeverDeals meta={meta} />
        {revoke.dialog}
        {hotkeys.dialogs}
      </PhoneTrading>
    );
  return (
    <div
      ref={grid}
      className="spot lever"
      data-symbol={symbol}
      data-testid="lever-screen"
      {...panelGridProps('lever', layout)}
    >
      <PairStats meta={meta} showMark tools={desk ? <LayoutMenu screen="lever" /> : undefined} />
      {book}
      <ChartPanel meta={meta} depth trading={trading} />
      <LeverForms
        meta={meta}
        tools={<HotkeysButton onClick={hotkeys.openSheet} />}
        picked={picked}
      />
      <MarketList symbol={symbol} onSelect={onSelect} />
      <RecentTrades meta={meta} />
      <section className="spot__panel lever__positions">
        <LeverPositions compact />
      </section>
      <LeverDeals meta={meta} />
      {desk && <PanelSplitters screen="lever" grid={grid} />}
      {revoke.dialog}
      {hotkeys.dialogs}
    </div>
  );
}
