// The c2c market (/legalTrade, trading-c2c-market.md §2 "c2c market"): tabs buy / sell, a
// coin selector, the ads of the other side (buying takes `sell` ads, selling takes `buy` ads)
// and a whole-ad take behind a confirmation. 997 / 998 lead to payout details / identity
// (§8); a taken ad leads to my orders. Selling to a buy ad needs an account of its pay way in
// the payout details: the confirmation says which and leads there instead (issue 20).
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { C2cAdView, C2cType } from '../../../engine/api.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { liveList } from '../../kit/live-list.ts';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { ROUTE_PATH } from '../../route-paths.ts';
import { c2c } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import {
  C2C_DP,
  C2C_PATH,
  C2cPage,
  DASH,
  WAY_LABEL,
  WayBadge,
  moneyOf,
  useC2cGates,
  useC2cWatch,
  usePaidBy,
} from './c2c-parts.tsx';

/** The user's intent: buy from sellers (the `sell` ads) or sell to buyers (the `buy` ads). */
type Side = 'buy' | 'sell';
const adTypeOf = (side: Side): C2cType => (side === 'buy' ? 'sell' : 'buy');

export default function C2cMarketScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const gates = useC2cGates();
  const view = useSignalValue(c2c);
  const [side, setSide] = useState<Side>('buy');
  /** undefined until the user picks: the first coin; null = all coins. */
  const [coin, setCoin] = useState<number | null | undefined>(undefined);
  const [taking, setTaking] = useState<C2cAdView | null>(null);
  const [busy, setBusy] = useState(false);

  const currencyId = coin === undefined ? (view.currencies[0]?.id ?? null) : coin;
  const type = adTypeOf(side);
  useC2cWatch({ type, currencyId });

  const market = view.market;
  const current = market.loaded && market.type === type && market.currencyId === currencyId;
  const rows = market.loaded && market.type === type ? market.rows : [];

  const onTake = useCallback((ad: C2cAdView) => setTaking(ad), []);
  const retry = () => void engine.watchC2c({ type, currencyId });

  const take = async (ad: C2cAdView): Promise<void> => {
    setBusy(true);
    const r = await engine.c2cCommand('take', { id: ad.id });
    setBusy(false);
    setTaking(null);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('c2c.take.done'));
      void navigate(C2C_PATH.orders);
      return;
    }
    if (!gates(r)) toast.error(failureMessage(r));
  };

  return (
    <C2cPage title={t('c2c.market.title')} testId="c2c-market-screen">
      <p className="c2c__lead muted">{t('c2c.market.lead')}</p>
      <div className="panel c2c-panel">
        <div className="c2c-toolbar">
          <div className="c2c-sides" role="tablist" aria-label={t('c2c.market.sides')}>
            {(['buy', 'sell'] as const).map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                aria-selected={side === s}
                className={`c2c-side c2c-side--${s}${side === s ? ' c2c-side--active' : ''}`}
                data-testid={s === 'buy' ? 'c2c-tab-buy' : 'c2c-tab-sell'}
                onClick={() => setSide(s)}
              >
                {s === 'buy' ? t('c2c.market.tabBuy') : t('c2c.market.tabSell')}
              </button>
            ))}
          </div>
          <div className="c2c-coins" role="group" aria-label={t('c2c.market.coin')}>
            {view.currencies.map((c) => (
              <button
                key={c.id}
                type="button"
                className={`c2c-coin${currencyId === c.id ? ' c2c-coin--active' : ''}`}
                aria-pressed={currencyId === c.id}
                data-currency-id={c.id}
                onClick={() => setCoin(c.id)}
              >
                {c.name}
              </button>
            ))}
            <button
              type="button"
              className={`c2c-coin${currencyId === null ? ' c2c-coin--active' : ''}`}
              aria-pressed={currencyId === null}
              data-currency-id="all"
              onClick={() => setCoin(null)}
            >
              {t('c2c.market.allCoins')}
            </button>
          </div>
        </div>
        <MarketList
          side={side}
          current={current}
          rows={rows}
          hasMore={market.hasMore}
          error={view.error}
          onTake={onTake}
          onRetry={retry}
        />
      </div>
      {taking !== null && (
        <TakeConfirm
          ad={taking}
          side={side}
          busy={busy}
          onConfirm={() => void take(taking)}
          onClose={() => {
            if (!busy) setTaking(null);
          }}
        />
      )}
    </C2cPage>
  );
}

function TakeConfirm({
  ad,
  side,
  busy,
  onConfirm,
  onClose,
}: {
  ad: C2cAdView;
  side: Side;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, fmt } = useI18n();
  const navigate = useNavigate();
  const money = moneyOf(ad.surplus, ad.price);
  // the taker of a buy ad is paid by its way: without that account, say so and lead there
  const paidBy = usePaidBy(side === 'sell' ? ad.way : null);
  if (side === 'sell' && paidBy === false)
    return (
      <ConfirmDialog
        open
        title={t('c2c.take.sellTitle', { coin: ad.currency })}
        body={t('c2c.take.needWay', { way: ad.way })}
        confirmLabel={t('c2c.payout.add', { way: ad.way })}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void navigate(ROUTE_PATH.userSetting)}
        onClose={onClose}
      />
    );
  return (
    <ConfirmDialog
      open
      title={
        side === 'buy'
          ? t('c2c.take.buyTitle', { coin: ad.currency })
          : t('c2c.take.sellTitle', { coin: ad.currency })
      }
      body={t(side === 'buy' ? 'c2c.take.buyBody' : 'c2c.take.sellBody', {
        number: fmt.fixed(ad.surplus, C2C_DP),
        coin: ad.currency,
        price: fmt.fixed(ad.price, C2C_DP),
        money: money === null ? DASH : fmt.fixed(money, C2C_DP),
        way: t(WAY_LABEL[ad.way]),
        name: ad.sellerName,
      })}
      confirmLabel={t('c2c.take.sure')}
      cancelLabel={t('common.cancel')}
      busy={busy || (side === 'sell' && paidBy === null)}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

function MarketList({
  side,
  current,
  rows,
  hasMore,
  error,
  onTake,
  onRetry,
}: {
  side: Side;
  current: boolean;
  rows: C2cAdView[];
  hasMore: boolean;
  error: string | null;
  onTake: (ad: C2cAdView) => void;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const onMore = useCallback(() => void engine.loadMoreC2c('market'), []);
  const columns = useMarketColumns(side, onTake);
  // rows of the other side or coin stay, dimmed, until the new ones come
  const part = { rows, hasMore, loaded: current, held: false };
  return (
    <RecordTable
      list={liveList(part, { error, reload: onRetry, loadMore: onMore })}
      columns={columns}
      rowKey={(ad) => ad.id}
      rowData={(ad) => ({ 'data-ad-id': ad.id })}
      testId="c2c-market"
      className="table c2c-table"
      cards
      stale={!current}
      label={side === 'buy' ? t('c2c.market.tabBuy') : t('c2c.market.tabSell')}
      empty={side === 'buy' ? t('c2c.market.emptyBuy') : t('c2c.market.emptySell')}
    />
  );
}

/** The market's columns: the advertiser, what is left at what price, the way, and a take. */
function useMarketColumns(side: Side, onTake: (ad: C2cAdView) => void): RecordColumn<C2cAdView>[] {
  const { t, fmt } = useI18n();
  const cny = <span className="c2c-unit">{t('c2c.cny')}</span>;
  return [
    {
      header: t('c2c.col.advertiser'),
      cellClass: 'cell--head',
      cell: (ad) => <Advertiser ad={ad} />,
    },
    {
      header: t('c2c.col.available'),
      num: true,
      cell: (ad) => (
        <>
          {fmt.fixed(ad.surplus, C2C_DP)}
          <span className="c2c-unit">{ad.currency}</span>
        </>
      ),
    },
    {
      header: t('c2c.col.price'),
      num: true,
      cellClass: 'c2c-price',
      cell: (ad) => (
        <>
          {fmt.fixed(ad.price, C2C_DP)}
          {cny}
        </>
      ),
    },
    {
      header: t('c2c.col.amount'),
      num: true,
      cellClass: 'muted',
      cell: (ad) => {
        const money = moneyOf(ad.surplus, ad.price);
        return (
          <>
            {money === null ? DASH : fmt.fixed(money, C2C_DP)}
            {cny}
          </>
        );
      },
    },
    { header: t('c2c.col.payment'), cell: (ad) => <WayBadge way={ad.way} /> },
    {
      header: <span className="visually-hidden">{t('c2c.col.action')}</span>,
      headerClass: 'c2c-table__action',
      cellClass: 'c2c-table__action cell--actions',
      cell: (ad) => (
        <button
          type="button"
          className={`btn btn--sm c2c-take c2c-take--${side}`}
          data-testid="c2c-take"
          onClick={() => onTake(ad)}
        >
          {side === 'buy'
            ? t('c2c.market.buyCoin', { coin: ad.currency })
            : t('c2c.market.sellCoin', { coin: ad.currency })}
        </button>
      ),
    },
  ];
}

function Advertiser({ ad }: { ad: C2cAdView }) {
  return (
    <span className="c2c-user">
      <span className="c2c-user__avatar" aria-hidden="true">
        {ad.sellerName.trim().charAt(0).toUpperCase()}
      </span>
      <span className="c2c-user__name">{ad.sellerName}</span>
    </span>
  );
}
