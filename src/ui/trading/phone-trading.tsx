// The trading screens on a phone (issue 23): the pair's header (a tap on the pair opens the
// market list as a sheet), tabs for the chart, the book and the trades — only the chosen one is
// mounted, so a phone paints one live panel, not three — the user's orders or positions below,
// and a bar fixed at the bottom whose Buy/Sell (Long/Short, Up/Down) buttons open the order
// form as a sheet on that side. A tap on a book level fills the price and opens the form.
// Spot, contracts and second contracts each say what goes in the panes and the sheet.
import { useState, type ReactNode } from 'react';
import { Sheet } from '../components/sheet.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import { MarketList } from './market-list.tsx';
import type { PairMeta } from './pair-meta.ts';
import { PairStats } from './pair-stats.tsx';
import '../styles/phone-trading.css';

export type PhonePane = 'chart' | 'book' | 'trades';
const PANE_ORDER: readonly PhonePane[] = ['chart', 'book', 'trades'];
const PANE_LABEL = {
  chart: 'spot.phone.chart',
  book: 'spot.phone.book',
  trades: 'spot.phone.trades',
} as const;

/** A button of the bottom bar: the side of the form it opens. */
export interface PhoneAction {
  side: 'buy' | 'sell';
  label: string;
  testId: string;
}

interface PhoneTradingProps {
  meta: PairMeta;
  /** The contract screens show the mark price in the header. */
  showMark?: boolean;
  /** Controls by the pair's name in the header (spot: the price alert button). */
  headerTools?: ReactNode;
  className: string;
  testId?: string;
  onSelect: (symbol: string) => void;
  /** What each tab shows; the book's gets `openForm` for a tapped level, the chart's for an
   *  order offered at a price of it. */
  panes: {
    chart: (openForm: (side: 'buy' | 'sell') => void) => ReactNode;
    book?: (openForm: () => void) => ReactNode;
    trades?: () => ReactNode;
  };
  actions: readonly [PhoneAction, PhoneAction];
  formTitle: (side: 'buy' | 'sell') => string;
  /** The order form (both sides: the sheet shows the one its button named). */
  form: ReactNode;
  /** Shown above the bar's buttons (the next second contract's countdown). */
  barNote?: ReactNode;
  /** Orders, positions, the currency detail: below the panes. */
  children: ReactNode;
}

export function PhoneTrading(p: PhoneTradingProps) {
  const { t } = useI18n();
  const [pane, setPane] = useState<PhonePane>('chart');
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [sheet, setSheet] = useState<'form' | 'markets' | null>(null);
  const panes = PANE_ORDER.filter((id) => p.panes[id] !== undefined);
  const openForm = (next: 'buy' | 'sell' = side): void => {
    setSide(next);
    setSheet('form');
  };
  const close = (): void => setSheet(null);

  return (
    <div
      className={`${p.className} spot--phone`}
      data-symbol={p.meta.symbol}
      data-testid={p.testId}
    >
      <PairStats
        meta={p.meta}
        showMark={p.showMark ?? false}
        onPair={() => setSheet('markets')}
        tools={p.headerTools}
      />
      {panes.length > 1 ? (
        <>
          <div className="phone-tabs" role="tablist" aria-label={t('spot.phone.views')}>
            {panes.map((id) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`phone-tab-${id}`}
                aria-selected={pane === id}
                aria-controls="phone-pane"
                className={`phone-tabs__tab ${pane === id ? 'is-active' : ''}`}
                data-testid={`phone-tab-${id}`}
                onClick={() => setPane(id)}
              >
                {t(PANE_LABEL[id])}
              </button>
            ))}
          </div>
          <div
            className={`phone-pane phone-pane--${pane}`}
            id="phone-pane"
            role="tabpanel"
            aria-labelledby={`phone-tab-${pane}`}
          >
            {pane === 'chart'
              ? p.panes.chart(openForm)
              : pane === 'book'
                ? p.panes.book?.(() => openForm())
                : p.panes.trades?.()}
          </div>
        </>
      ) : (
        <div className="phone-pane phone-pane--chart">{p.panes.chart(openForm)}</div>
      )}
      {p.children}
      <div className="phone-bar" role="group" aria-label={t('spot.phone.actions')}>
        {p.barNote}
        {p.actions.map((a) => (
          <button
            key={a.side}
            type="button"
            className={`btn btn--${a.side} phone-bar__btn`}
            data-testid={a.testId}
            aria-haspopup="dialog"
            onClick={() => openForm(a.side)}
          >
            {a.label}
          </button>
        ))}
      </div>
      <Sheet
        open={sheet === 'form'}
        title={p.formTitle(side)}
        onClose={close}
        keep
        testId="form-sheet"
      >
        <div className="phone-form" data-side={side}>
          {p.form}
        </div>
      </Sheet>
      <Sheet
        open={sheet === 'markets'}
        title={t('spot.markets.title')}
        onClose={close}
        testId="markets-sheet"
      >
        <MarketList
          symbol={p.meta.symbol}
          onSelect={(s) => {
            close();
            p.onSelect(s);
          }}
        />
      </Sheet>
    </div>
  );
}
