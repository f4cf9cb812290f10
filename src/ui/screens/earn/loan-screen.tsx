// Loans (/loan; wallet-account-earn.md §2 "Loan page", §3 "Loan config", §4, §5; ADR 0017;
// docs/api-extensions.md "Loans"): the application form (loan-apply-form.tsx: every field
// required, the term's daily rate and the amount owed computed exactly, the agreement from the
// server shown sanitized), the loan records with their review and repayment states
// (loan-records.tsx), and the repayment dialog (repay-form.tsx: the four coins, a quote of the
// amount to send held for a minute, the collection address, the voucher; issue 20, ADR 0023).
import { ErrorState, Loading } from '../../components/states.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useEarnPages, useEarnQuery } from './earn-parts.tsx';
import { LoanApplyForm } from './loan-apply-form.tsx';
import { LoanRecords } from './loan-records.tsx';
import '../../styles/earn.css';

export default function LoanScreen() {
  const { t } = useI18n();
  const loanConfig = useEarnQuery('loan-config');
  const config = loanConfig.data;
  const loans = useEarnPages('loan-orders');

  return (
    <section className="page earn" data-testid="loan-screen">
      <header className="earn__head">
        <div>
          <h1 className="earn__title">{t('loan.title')}</h1>
          <p className="muted">{t('loan.lead')}</p>
        </div>
      </header>
      <div className="loan-grid">
        <section className="panel panel--pad">
          <h2 className="panel__title loan-form__title">{t('loan.apply.title')}</h2>
          {config === null && loanConfig.error === null && <Loading />}
          {config === null && loanConfig.error !== null && (
            <ErrorState text={loanConfig.error} onRetry={loanConfig.retry} />
          )}
          {config !== null && <LoanApplyForm config={config} onDone={loans.reload} />}
        </section>
        <LoanRecords loans={loans} config={config} />
      </div>
    </section>
  );
}
