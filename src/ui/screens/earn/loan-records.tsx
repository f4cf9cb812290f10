// The loan records of /loan (wallet-account-earn.md §2 "Loan page", §5; ADR 0017): each loan
// with its term, the amount owed, its due date and its review or repayment state, a page at a
// time; an owed loan opens the repayment dialog (repay-form.tsx; issue 20, ADR 0023).
import { useState } from 'react';
import type { LoanConfigView, LoanView } from '../../../engine/api.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { Modal, useAmount, type useEarnPages } from './earn-parts.tsx';
import { ratePercent } from './loan-rate.ts';
import { RepayForm } from './repay-form.tsx';
import { busyProps } from '../../components/busy-button.ts';

const STATE: Record<LoanView['state'], { label: MessageId; tone: string }> = {
  0: { label: 'loan.state.review', tone: 'warn' },
  1: { label: 'loan.state.owed', tone: 'info' },
  2: { label: 'loan.state.rejected', tone: 'down' },
  3: { label: 'loan.state.repayReview', tone: 'warn' },
  4: { label: 'loan.state.repaid', tone: 'up' },
};

type Loans = ReturnType<typeof useEarnPages<'loan-orders'>>;

/** The records panel: the table (or its loading, error or empty state), "more", the repay dialog. */
export function LoanRecords({ loans, config }: { loans: Loans; config: LoanConfigView | null }) {
  const { t } = useI18n();
  const [repaying, setRepaying] = useState<LoanView | null>(null);

  let body;
  if (!loans.loaded && loans.error !== null)
    body = <ErrorState text={loans.error} onRetry={loans.reload} />;
  else if (!loans.loaded) body = <Loading />;
  else if (loans.rows.length === 0) body = <Empty text={t('loan.records.empty')} />;
  else body = <LoanTable rows={loans.rows} canRepay={config !== null} onRepay={setRepaying} />;

  return (
    <section className="panel earn-records">
      <header className="panel__head">
        <h2 className="panel__title">{t('loan.records.title')}</h2>
      </header>
      {body}
      {loans.hasMore && (
        <div className="earn-more">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            {...busyProps(loans.busy)}
            onClick={loans.more}
          >
            {t('lock.records.more')}
          </button>
        </div>
      )}
      <Modal
        open={repaying !== null}
        title={repaying === null ? '' : t('loan.repay.title', { id: repaying.id })}
        onClose={() => setRepaying(null)}
        testId="loan-repay-dialog"
      >
        {repaying !== null && config !== null && loans.page !== null && (
          <RepayForm
            loan={repaying}
            config={config}
            onDone={() => {
              setRepaying(null);
              loans.reload();
            }}
          />
        )}
      </Modal>
    </section>
  );
}

/** The loans, one row each; an owed loan has a repay button (`canRepay`: the config is known). */
function LoanTable({
  rows,
  canRepay,
  onRepay,
}: {
  rows: readonly LoanView[];
  canRepay: boolean;
  onRepay: (loan: LoanView) => void;
}) {
  const { t, fmt } = useI18n();
  const amount = useAmount();
  const coin = rows[0]?.currency ?? '';
  return (
    <div className="table-wrap">
      <table className="table earn-table" data-testid="loan-orders">
        <thead>
          <tr>
            <th>{t('loan.col.time')}</th>
            <th className="num">
              {t('loan.col.amount')} ({coin})
            </th>
            <th className="num">{t('loan.col.term')}</th>
            <th className="num">
              {t('loan.col.owed')} ({coin})
            </th>
            <th>{t('loan.col.due')}</th>
            <th>{t('loan.col.state')}</th>
            <th className="num">{t('loan.col.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <tr key={l.id} data-loan-id={l.id} data-state={l.state}>
              <td title={fmt.dateTime(l.time + 'Z')}>{fmt.date(l.time + 'Z')}</td>
              <td className="num">{amount(l.amount)}</td>
              <td className="num">
                {t('lock.days', { days: l.days })}
                <div className="muted">
                  {t('loan.field.rate', { rate: ratePercent(l.rate, fmt) })}
                </div>
              </td>
              <td className="num">{amount(l.owed)}</td>
              <td className={l.overdue ? 'is-down' : undefined}>
                {l.due === '' ? '—' : fmt.date(l.due + 'Z')}
              </td>
              <td>
                <LoanState loan={l} />
              </td>
              <td className="num">
                {l.state === 1 && (
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={!canRepay}
                    data-testid="loan-repay"
                    onClick={() => onRepay(l)}
                  >
                    {t('loan.repay.open')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A loan's state, with why it was rejected, or why its repayment was. */
function LoanState({ loan: l }: { loan: LoanView }) {
  const { t } = useI18n();
  return (
    <>
      <span className={`earn-chip earn-chip--${STATE[l.state].tone}`}>
        {t(STATE[l.state].label)}
      </span>
      {l.state === 2 && l.reason !== '' && <div className="muted loan-reason">{l.reason}</div>}
      {l.state === 1 && l.repayment?.status === 2 && (
        <div className="muted loan-reason">
          {t('loan.repay.rejected', { reason: l.repayment.reason })}
        </div>
      )}
    </>
  );
}
