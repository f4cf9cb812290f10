// The account lists as CSV (issue 25): the entrusts (open buying / selling orders and the
// order history) and the ledger lists (every entry, or the transfers), each with the screen's
// column titles and cells; the figures as exact numbers (at least the screen's decimals), the
// times as local "YYYY-MM-DD HH:mm:ss" with the time zone named in their column's title, a
// finished order's total and fee (issue 41), and nothing where the screen shows the "none" mark.
import type {
  AccountQueries,
  EntrustView,
  LogRowView,
  SpotOrderOutcome,
} from '../../../engine/api.ts';
import { csvDateTime, csvNumber, csvTimeHeader, type CsvCell } from '../../components/csv.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import type { I18n } from '../../i18n/i18n-context.tsx';
import { OUTCOME_LABEL } from '../../trading/orders-tables.tsx';
import { pairMetaSignal } from '../../trading/pair-meta.ts';
import type { CsvExport } from '../../kit/export-csv-button.tsx';
import { LOG_DECIMALS } from '../../kit/record-parts.tsx';

type EntrustType = AccountQueries['entrusts']['input']['type'];
type T = I18n['t'];

const ENTRUST_FILE: Record<EntrustType, string> = {
  complete: 'orders',
  in: 'orders-buying',
  out: 'orders-selling',
};

/** The entrusts of one tab: the open orders of a side, or the finished ones (order history). */
export function entrustExport(type: EntrustType, t: T): CsvExport<EntrustView> {
  const finished = type === 'complete';
  const header = [
    csvTimeHeader(t('account.col.time')),
    t('account.col.pair'),
    t('account.col.type'),
    finished ? t('account.col.orderPrice') : t('account.col.price'),
    ...(finished ? [t('account.col.avgPrice')] : []),
    t('account.col.number'),
    t('account.col.filled'),
    ...(finished
      ? [t('account.col.total'), t('account.col.fee'), t('account.col.feeCurrency')]
      : []),
    ...(finished ? [t('account.col.status')] : []),
    t('account.col.account'),
  ];
  return {
    name: ENTRUST_FILE[type],
    fetchPage: (page) => engine.accountQuery('entrusts', { type, page }),
    header,
    cells: (e) => entrustCsvRow(e, finished, t),
  };
}

function entrustCsvRow(e: EntrustView, finished: boolean, t: T): CsvCell[] {
  const meta = pairMetaSignal(`${e.currency}/${e.legal}`).value;
  const cells = entrustCells(e, finished);
  const price = (v: string | undefined) =>
    v === undefined ? '' : csvNumber(v, meta.pricePrecision);
  const amount = (v: string | undefined) =>
    v === undefined ? '' : csvNumber(v, meta.amountPrecision);
  // a sum of money, exact, never rounded ("" from a server without it)
  const money = (v: string | undefined) => (v === undefined ? '' : csvNumber(v));
  return [
    csvDateTime(e.time),
    t('account.entrust.pair', { currency: e.currency, legal: e.legal }),
    e.type === 'in' ? t('account.entrust.buy') : t('account.entrust.sell'),
    e.mode === 1 ? t('spot.form.market') : price(cells.ownPrice),
    ...(finished ? [price(e.avgPrice)] : []),
    amount(cells.amount),
    amount(cells.filled),
    ...(finished ? [money(e.notional), money(e.fee), e.type === 'in' ? e.currency : e.legal] : []),
    ...(finished ? [t(OUTCOME_LABEL[cells.outcome])] : []),
    e.account,
  ];
}

/** What the row shows: a finished order's own price is its limit; its amount what was ordered. */
export function entrustCells(
  e: EntrustView,
  finished: boolean,
): { ownPrice: string; amount: string; filled: string | undefined; outcome: SpotOrderOutcome } {
  if (!finished)
    return { ownPrice: e.price, amount: e.number, filled: e.filled, outcome: 'filled' };
  return {
    ownPrice: e.limitPrice ?? e.price,
    amount: e.total ?? e.number,
    filled: e.filled ?? e.number,
    outcome: e.outcome ?? 'filled',
  };
}

const LOG_FILE = { 'account-log': 'account-log', 'transfer-log': 'transfers' } as const;

/** The account log's tabs (LogTable with the account column): every entry, or the transfers. */
export function logExport(
  kind: 'account-log' | 'transfer-log',
  t: T,
  accountText: (account: string) => string,
): CsvExport<LogRowView> {
  return {
    name: LOG_FILE[kind],
    fetchPage: (page) => engine.accountQuery(kind, { page }),
    header: [
      csvTimeHeader(t('account.col.time')),
      t('account.col.currency'),
      t('account.col.account'),
      t('account.col.info'),
      t('account.col.amount'),
    ],
    cells: (r) => [
      csvDateTime(r.time),
      r.currency,
      accountText(r.account),
      r.info,
      csvNumber(r.value, LOG_DECIMALS),
    ],
  };
}
