// Acceptors (spec §2 "Acceptor list: goes to rechargeMoney with id and current, or chargeRecord
// with current"): who buys and sells USDT for CNY, at which rates (CNY per USDT), up to which
// single amount (CNY), and through which payment ways.
import { Link } from 'react-router';
import type { AcceptorView } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import { ACCEPTOR_WAYS, type AcceptorWay } from '../../../shared/wallet.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import { arrayList, isStale } from '../../kit/record-parts.tsx';
import '../../styles/account-records.css';

/** CNY amounts (spec: 2 decimals for CNY money). */
export const CNY_DECIMALS = 2;
/** USDT of an acceptor deal: the decimals of the server's computation (rounded down). */
export const DEAL_USDT_DECIMALS = 6;

export const WAY_LABEL: Record<AcceptorWay, MessageId> = {
  we_chat: 'account.way.we_chat',
  ali_pay: 'account.way.ali_pay',
  bank: 'account.way.bank',
};

export const isWay = (v: string): v is AcceptorWay =>
  (ACCEPTOR_WAYS as readonly string[]).includes(v);

/** The ways an acceptor can be paid or pay through: those it has an account for. */
export function acceptorWays(a: AcceptorView): AcceptorWay[] {
  const ways: AcceptorWay[] = [];
  if (a.wechatAccount !== '') ways.push('we_chat');
  if (a.aliAccount !== '') ways.push('ali_pay');
  if (a.bankAccount !== '') ways.push('bank');
  return ways;
}

/** A rate as the acceptor set it: at least 2 decimals, all of its own (at most 8). */
export function rateDecimals(rate: string): number {
  try {
    return Math.min(8, Math.max(CNY_DECIMALS, new Decimal(rate).decimalPlaces()));
  } catch {
    return CNY_DECIMALS;
  }
}

export const dealPath = (id: number, current: 0 | 1): string =>
  `${WALLET_PATH.rechargeMoney}?id=${id}&current=${current}`;
export const dealsPath = (current: 0 | 1): string =>
  `${WALLET_PATH.chargeRecord}?current=${current}`;

export default function AcceptorListScreen() {
  const { t } = useI18n();
  const { state, reload } = useAccountQuery('acceptors', {});
  const list = arrayList(state, reload);
  const columns = useColumns();
  return (
    <AccountShell
      title={t('account.aceite.title')}
      testId="aceite-screen"
      actions={
        <Link className="btn btn--ghost btn--sm" to={dealsPath(0)} data-testid="acceptor-records">
          {t('account.aceite.records')}
        </Link>
      }
    >
      <p className="notice-bar">{t('account.aceite.intro')}</p>
      <div className={`panel${isStale(list) ? ' records--stale' : ''}`}>
        <RecordTable
          list={list}
          columns={columns}
          rowKey={(a) => a.id}
          rowData={(a) => ({ 'data-acceptor-id': a.id })}
          testId="acceptors"
          empty={t('account.aceite.empty')}
        />
      </div>
    </AccountShell>
  );
}

/** Name, buy and sell rates, buy and sell limits, payment ways, and the links to deal. */
function useColumns(): RecordColumn<AcceptorView>[] {
  const { t, fmt } = useI18n();
  const rate = (value: string) => fmt.fixed(value, rateDecimals(value));
  return [
    { header: t('account.col.acceptor'), rowHeader: true, cell: (a) => a.name },
    { header: t('account.aceite.buyRate'), num: true, cell: (a) => rate(a.rechargeRate) },
    { header: t('account.aceite.sellRate'), num: true, cell: (a) => rate(a.cashRate) },
    {
      header: t('account.aceite.buyLimit'),
      num: true,
      cell: (a) => fmt.fixed(a.rechargeAmount, CNY_DECIMALS),
    },
    {
      header: t('account.aceite.sellLimit'),
      num: true,
      cell: (a) => fmt.fixed(a.cashAmount, CNY_DECIMALS),
    },
    { header: t('account.aceite.ways'), cell: (a) => <Ways acceptor={a} /> },
    {
      header: t('account.col.action'),
      headerClass: 'cell-actions',
      cellClass: 'cell-actions',
      cell: (a) => <DealLinks acceptor={a} />,
    },
  ];
}

function Ways({ acceptor: a }: { acceptor: AcceptorView }) {
  const { t } = useI18n();
  const ways = acceptorWays(a);
  if (ways.length === 0) return <span className="muted">{t('account.none')}</span>;
  return (
    <ul className="way-chips" aria-label={t('account.aceite.ways')}>
      {ways.map((w) => (
        <li key={w} className="way-chip" data-way={w}>
          {t(WAY_LABEL[w])}
        </li>
      ))}
    </ul>
  );
}

function DealLinks({ acceptor: a }: { acceptor: AcceptorView }) {
  const { t } = useI18n();
  return (
    <span className="cell-actions__row">
      <Link
        className="link-btn"
        to={dealPath(a.id, 0)}
        aria-label={t('account.aceite.buyFrom', { name: a.name })}
        data-testid="acceptor-buy"
      >
        {t('account.aceite.buy')}
      </Link>
      <Link
        className="link-btn"
        to={dealPath(a.id, 1)}
        aria-label={t('account.aceite.sellTo', { name: a.name })}
        data-testid="acceptor-sell"
      >
        {t('account.aceite.sell')}
      </Link>
      <Link className="link-btn" to={dealsPath(0)} data-testid="acceptor-deals-link">
        {t('account.aceite.records')}
      </Link>
    </span>
  );
}
