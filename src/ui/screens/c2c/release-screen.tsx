// My c2c ads (/c2cRelease, trading-c2c-market.md §2): coin, type, total, remaining, price, pay
// way and state; an open ad can be withdrawn (behind a confirmation), every ad links to its
// orders; 10 a page with "more" (§9).
import { memo, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { C2cAdView } from '../../../engine/api.ts';
import { useCellLabels } from '../../components/cell-labels.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
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
  MoreButton,
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
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);

  const withdraw = async (ad: C2cAdView): Promise<void> => {
    setBusy(true);
    const r = await engine.c2cCommand('withdraw', { id: ad.id });
    setBusy(false);
    setWithdrawing(null);
    if (r.ok) toast.success(r.message !== '' ? r.message : t('c2c.withdraw.done'));
    else toast.error(failureMessage(r));
  };

  let body;
  if (!ads.loaded && view.error !== null)
    body = <ErrorState text={view.error} onRetry={retryC2c} />;
  else if (!ads.loaded) body = <Loading />;
  else if (ads.rows.length === 0) body = <Empty text={t('c2c.ads.empty')} />;
  else
    body = (
      <>
        <div className="table-wrap">
          <table ref={table} className="table c2c-table table--cards" data-testid="c2c-my-ads">
            <thead>
              <tr>
                <th scope="col">{t('c2c.col.ad')}</th>
                <th scope="col">{t('c2c.col.coin')}</th>
                <th scope="col">{t('c2c.col.type')}</th>
                <th scope="col" className="num">
                  {t('c2c.col.total')}
                </th>
                <th scope="col" className="num">
                  {t('c2c.col.remaining')}
                </th>
                <th scope="col" className="num">
                  {t('c2c.col.price')}
                </th>
                <th scope="col">{t('c2c.col.payment')}</th>
                <th scope="col">{t('c2c.col.state')}</th>
                <th scope="col" className="c2c-table__action">
                  {t('c2c.col.action')}
                </th>
              </tr>
            </thead>
            <tbody>
              {ads.rows.map((ad) => (
                <MyAdRow key={ad.id} ad={ad} onWithdraw={onWithdraw} />
              ))}
            </tbody>
          </table>
        </div>
        <MoreButton rows={ads.rows.length} hasMore={ads.hasMore} onMore={onMore} />
      </>
    );

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
      <div className="panel c2c-panel">{body}</div>
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

const MyAdRow = memo(function MyAdRow({
  ad,
  onWithdraw,
}: {
  ad: C2cAdView;
  onWithdraw: (ad: C2cAdView) => void;
}) {
  const { t, fmt } = useI18n();
  const state = AD_STATE[ad.isDone] ?? AD_STATE[0];
  return (
    <tr data-ad-id={ad.id} data-done={ad.isDone}>
      <td className="muted num cell--meta">{t('c2c.ads.id', { id: ad.id })}</td>
      <td className="c2c-strong cell--head">{ad.currency}</td>
      <td className="cell--head">
        <TypeTag type={ad.type} />
      </td>
      <td className="num">{fmt.fixed(ad.total, C2C_DP)}</td>
      <td className="num">{fmt.fixed(ad.surplus, C2C_DP)}</td>
      <td className="num">
        {fmt.fixed(ad.price, C2C_DP)}
        <span className="c2c-unit">{t('c2c.cny')}</span>
      </td>
      <td>
        <WayBadge way={ad.way} />
      </td>
      <td>{state !== undefined && <Chip tone={state.tone}>{t(state.label)}</Chip>}</td>
      <td className="c2c-table__action cell--actions">
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
      </td>
    </tr>
  );
});
