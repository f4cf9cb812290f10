// The loan records of /loan (wallet-account-earn.md §2 "Loan page", §5; ADR 0017): each loan
// with its term, the amount owed, its due date and its review or repayment state, a page at a
// time; an owed loan opens the repayment dialog (repay-form.tsx; issue 20, ADR 0023).
import { useState } from 'react';
import type { LoanConfigView, LoanView } from '../../../engine/api.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { useAmount } from './earn-parts.tsx';
import { Modal } from '../../kit/modal.tsx';
import { ratePercent } from './loan-rate.ts';
import { RepayForm } from './repay-form.tsx';
import { RecordTable, type RecordColumn } from '../../kit/record-table.tsx';
import type { PagedState } from '../../kit/use-paged.ts';

const STATE: Record<LoanView['state'], { label: MessageId; tone: string }> = {
  0: { label: 'loan.state.review', tone: 'warn' },
  1: { label: 'loan.state.owed', tone: 'info' },
  2: { label: 'loan.state.rejected', tone: 'down' },
  3: { label: 'loan.state.repayReview', tone: 'warn' },
  4: { label: 'loan.state.repaid', tone: 'up' },
};

/** The records panel: the table (or its state) with "more", and the repay dialog. */
export function LoanRecords({
  loans,
  config,
}: {
  loans: PagedState<LoanView>;
  config: LoanConfigView | null;
}) {
  const { t } = useI18n();
  const [repaying, setRepaying] = useState<LoanView | null>(null);
  return (
    <section className="panel earn-records">
      <header className="panel__head">
        <h2 className="panel__title">{t('loan.records.title')}</h2>
      </header>
      <LoanTable loans={loans} canRepay={config !== null} onRepay={setRepaying} />
      <Modal
        open={repaying !== null}
        title={repaying === null ? '' : t('loan.repay.title', { id: repaying.id })}
        onClose={() => setRepaying(null)}
        testId="loan-repay-dialog"
        size="form"
        closeLabel={t('common.close')}
      >
        {repaying !== null && config !== null && (
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
  loans,
  canRepay,
  onRepay,
}: {
  loans: PagedState<LoanView>;
  canRepay: boolean;
  onRepay: (loan: LoanView) => void;
}) {
  const { t, fmt } = useI18n();
  const amount = useAmount();
  const coin = loans.rows[0]?.currency ?? '';
  const columns: RecordColumn<LoanView>[] = [
    {
      header: t('loan.col.time'),
      cellProps: (l) => ({ title: fmt.dateTime(l.time + 'Z') }),
      cell: (l) => fmt.date(l.time + 'Z'),
    },
    { header: `${t('loan.col.amount')} (${coin})`, num: true, cell: (l) => amount(l.amount) },
    {
      header: t('loan.col.term'),
      num: true,
      cell: (l) => (
        <>
          {t('lock.days', { days: l.days })}
          <div className="muted">{t('loan.field.rate', { rate: ratePercent(l.rate, fmt) })}</div>
        </>
      ),
    },
    { header: `${t('loan.col.owed')} (${coin})`, num: true, cell: (l) => amount(l.owed) },
    {
      header: t('loan.col.due'),
      cellClass: (l) => (l.overdue ? 'is-down' : undefined),
      cell: (l) => (l.due === '' ? '—' : fmt.date(l.due + 'Z')),
    },
    { header: t('loan.col.state'), cell: (l) => <LoanState loan={l} /> },
    {
      header: t('loan.col.action'),
      num: true,
      cell: (l) =>
        l.state === 1 && (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={!canRepay}
            data-testid="loan-repay"
            onClick={() => onRepay(l)}
          >
            {t('loan.repay.open')}
          </button>
        ),
    },
  ];
  return (
    <RecordTable
      list={loans}
      columns={columns}
      rowKey={(l) => l.id}
      rowData={(l) => ({ 'data-loan-id': l.id, 'data-state': l.state })}
      testId="loan-orders"
      className="table earn-table"
      empty={t('loan.records.empty')}
      moreText={t('lock.records.more')}
    />
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
