// My c2c ads (/c2cRelease, trading-c2c-market.md §2): coin, type, total, remaining, price, pay
// way and state; an open ad can be withdrawn (behind a confirmation), every ad links to its
// orders; 10 a page with "more" (§9). A live list on the kit's record table (kit/live-list.ts).
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { C2cAdView } from '../../../engine/api.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { liveList } from '../../kit/live-list.ts';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { c2c } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import {
  AD_STATE,
  C2C_DP,
  C2C_PATH,
  C2cPage,
  Chip,
  TYPE_LABEL,
  TypeTag,
  WayBadge,
  useC2cWatch,
  retryC2c,
} from './c2c-parts.tsx';

export default function C2cReleaseScreen() {
  const { t, fmt } = useI18n();
  const view = useSignalValue(c2c);
  const [withdrawing, setWithdrawing] = useState<C2cAdView | null>(null);
  const [busy, setBusy] = useState(false);
  useC2cWatch('keep');

  const ads = view.myAds;
  const onWithdraw = useCallback((ad: C2cAdView) => setWithdrawing(ad), []);
  const onMore = useCallback(() => void engine.loadMoreC2c('myAds'), []);
  const columns = useAdColumns(onWithdraw);

  const withdraw = async (ad: C2cAdView): Promise<void> => {
    setBusy(true);
    const r = await engine.c2cCommand('withdraw', { id: ad.id });
    setBusy(false);
    setWithdrawing(null);
    if (r.ok) toast.success(r.message !== '' ? r.message : t('c2c.withdraw.done'));
    else toast.error(failureMessage(r));
  };

  return (
    <C2cPage
      title={t('c2c.ads.title')}
      testId="c2c-release-screen"
      actions={
        <Link to={C2C_PATH.publish} className="btn btn--primary btn--sm">
          {t('c2c.ads.post')}
        </Link>
      }
    >
      <div className="panel c2c-panel">
        <RecordTable
          list={liveList(ads, { error: view.error, reload: retryC2c, loadMore: onMore })}
          columns={columns}
          rowKey={(ad) => ad.id}
          rowData={(ad) => ({ 'data-ad-id': ad.id, 'data-done': ad.isDone })}
          testId="c2c-my-ads"
          className="table c2c-table"
          cards
          held={ads.held}
          empty={t('c2c.ads.empty')}
        />
      </div>
      {withdrawing !== null && (
        <ConfirmDialog
          open
          title={t('c2c.withdraw.title', { id: withdrawing.id })}
          body={t(withdrawing.type === 'sell' ? 'c2c.withdraw.sellBody' : 'c2c.withdraw.buyBody', {
            type: t(TYPE_LABEL[withdrawing.type]),
            number: fmt.fixed(withdrawing.surplus, C2C_DP),
            coin: withdrawing.currency,
            price: fmt.fixed(withdrawing.price, C2C_DP),
          })}
          confirmLabel={t('c2c.withdraw.sure')}
          cancelLabel={t('common.cancel')}
          busy={busy}
          onConfirm={() => void withdraw(withdrawing)}
          onClose={() => {
            if (!busy) setWithdrawing(null);
          }}
        />
      )}
    </C2cPage>
  );
}

/** My ads' columns: every ad links to its orders, an open one can be withdrawn. */
function useAdColumns(onWithdraw: (ad: C2cAdView) => void): RecordColumn<C2cAdView>[] {
  const { t, fmt } = useI18n();
  return [
    {
      header: t('c2c.col.ad'),
      num: true,
      cellClass: 'muted cell--meta',
      cell: (ad) => t('c2c.ads.id', { id: ad.id }),
    },
    { header: t('c2c.col.coin'), cellClass: 'c2c-strong cell--head', cell: (ad) => ad.currency },
    {
      header: t('c2c.col.type'),
      cellClass: 'cell--head',
      cell: (ad) => <TypeTag type={ad.type} />,
    },
    { header: t('c2c.col.total'), num: true, cell: (ad) => fmt.fixed(ad.total, C2C_DP) },
    { header: t('c2c.col.remaining'), num: true, cell: (ad) => fmt.fixed(ad.surplus, C2C_DP) },
    {
      header: t('c2c.col.price'),
      num: true,
      cell: (ad) => (
        <>
          {fmt.fixed(ad.price, C2C_DP)}
          <span className="c2c-unit">{t('c2c.cny')}</span>
        </>
      ),
    },
    { header: t('c2c.col.payment'), cell: (ad) => <WayBadge way={ad.way} /> },
    { header: t('c2c.col.state'), cell: (ad) => <AdStateChip isDone={ad.isDone} /> },
    {
      header: t('c2c.col.action'),
      headerClass: 'c2c-table__action',
      cellClass: 'c2c-table__action cell--actions',
      cell: (ad) => (
        <span className="c2c-actions">
          <Link to={`${C2C_PATH.orders}?ad=${ad.id}`} className="btn btn--ghost btn--sm">
            {t('c2c.ads.viewOrders')}
          </Link>
          {ad.isDone === 0 && (
            <button
              type="button"
              className="btn btn--ghost btn--sm c2c-danger"
              data-testid="c2c-withdraw"
              onClick={() => onWithdraw(ad)}
            >
              {t('c2c.ads.withdraw')}
            </button>
          )}
        </span>
      ),
    },
  ];
}

function AdStateChip({ isDone }: { isDone: number }) {
  const { t } = useI18n();
  const state = AD_STATE[isDone] ?? AD_STATE[0];
  return state === undefined ? null : <Chip tone={state.tone}>{t(state.label)}</Chip>;
}
