// /dealCenter (trading-c2c-market.md §2 "Spot trading screen"): pair stats, order book, chart,
// buy and sell forms, market list, recent trades, the user's orders and the currency info.
// The screen tells the engine which pair to watch; every panel subscribes to its own signal.
// Choosing a pair stores it under the spec's keys and switches in place (ADR 0009).
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
import { ChartPanel } from '../../trading/chart/spot-chart.tsx';
import { CurrencyInfo } from './currency-info.tsx';
import { MarketList } from '../../trading/market-list.tsx';
import { useBookCancel } from '../../trading/book-cancel.tsx';
import { HotkeysButton } from '../../hotkeys/hotkeys-button.tsx';
import { useSpotHotkeys } from './spot-hotkeys.tsx';
import { OrderBook } from '../../trading/order-book.tsx';
import { OrdersPanel } from './orders-panel.tsx';
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
import { PriceAlertButton } from './price-alerts.tsx';
import { RecentTrades } from '../../trading/recent-trades.tsx';
import { resolvePair, useChoosePair } from '../../trading/remember-pair.ts';
import type { PickedPrice } from './spot-form.tsx';
import { TradeForms } from './trade-forms.tsx';
import { useSpotChartTrading } from './spot-chart-trading.ts';
import { warmPainter } from '../../trading/paint/worker-canvas.ts';

export default function SpotScreen() {
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
    return () => void engine.watchSpot(null);
  }, [symbol]);

  const onSelect = useChoosePair(symbol, setChosen);

  if (status === 'failed') return <ErrorState text={t('app.engineFailed')} />;
  if (m.error !== null && !m.loaded) return <ErrorState text={m.error} />;
  if (!m.loaded) return <Loading text={t('spot.loading')} />;
  if (symbol === null) return <Empty text={t('spot.noPairs')} />;
  return <SpotLayout key={symbol} symbol={symbol} onSelect={onSelect} />;
}

function SpotLayout({ symbol, onSelect }: { symbol: string; onSelect: (s: string) => void }) {
  const { t } = useI18n();
  const meta = useSignalValue(pairMetaSignal(symbol));
  // A price clicked in the book, for the forms (a new object per click, so the same price
  // clicked twice still fills the form again).
  const picked = useMemo(() => signal<PickedPrice | null>(null), []);
  const onPick = useCallback((price: string) => (picked.value = { price }), [picked]);
  const phone = useMedia(PHONE);
  // on a phone, an order offered on the chart opens the ticket's sheet (set by the chart's pane)
  const openForm = useRef<((side: 'buy' | 'sell') => void) | null>(null);
  const offerOpens = useCallback((side: 'buy' | 'sell') => openForm.current?.(side), []);
  const trading = useSpotChartTrading(meta, picked, offerOpens);
  const cancel = useBookCancel(meta, 'spot');
  const hotkeys = useSpotHotkeys(meta, onSelect);
  const tools = <HotkeysButton onClick={hotkeys.openSheet} />;
  const alertButton = <PriceAlertButton meta={meta} />;
  const grid = useRef<HTMLDivElement>(null);
  const desk = useMedia(DESKTOP_WORKSPACE);
  const layout = usePanelLayout('spot');

  if (phone)
    return (
      <PhoneTrading
        meta={meta}
        className="spot"
        headerTools={alertButton}
        onSelect={onSelect}
        panes={{
          chart: (open) => {
            openForm.current = open;
            return <ChartPanel meta={meta} depth trading={trading} />;
          },
          book: (openForm) => (
            <OrderBook
              meta={meta}
              onPick={(price) => {
                onPick(price);
                openForm();
              }}
              onCancelOwn={cancel.ask}
            />
          ),
          trades: () => <RecentTrades meta={meta} />,
        }}
        actions={[
          { side: 'buy', label: t('spot.form.buy', { currency: meta.base }), testId: 'phone-buy' },
          {
            side: 'sell',
            label: t('spot.form.sell', { currency: meta.base }),
            testId: 'phone-sell',
          },
        ]}
        formTitle={(side) =>
          t(side === 'buy' ? 'spot.form.buy' : 'spot.form.sell', { currency: meta.base })
        }
        form={<TradeForms meta={meta} picked={picked} />}
      >
        <OrdersPanel meta={meta} />
        <CurrencyInfo />
        {cancel.dialog}
        {hotkeys.dialogs}
      </PhoneTrading>
    );
  return (
    <div ref={grid} className="spot" data-symbol={symbol} {...panelGridProps('spot', layout)}>
      <PairStats
        meta={meta}
        tools={
          <>
            {alertButton}
            {desk && <LayoutMenu screen="spot" />}
          </>
        }
      />
      <OrderBook meta={meta} onPick={onPick} onCancelOwn={cancel.ask} />
      <ChartPanel meta={meta} depth trading={trading} />
      <TradeForms meta={meta} picked={picked} tools={tools} />
      <MarketList symbol={symbol} onSelect={onSelect} />
      <RecentTrades meta={meta} />
      <OrdersPanel meta={meta} />
      <CurrencyInfo />
      {desk && <PanelSplitters screen="spot" grid={grid} />}
      {cancel.dialog}
      {hotkeys.dialogs}
    </div>
  );
}
