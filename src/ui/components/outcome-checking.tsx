// Under a placement's buttons while its outcome is unknown: the reply was lost or late and the
// engine is asking again with the same client_id (issue 10), so the order is never placed twice.
import { useI18n } from '../i18n/i18n-context.tsx';

export function OutcomeChecking({ testId }: { testId: string }) {
  const { t } = useI18n();
  return (
    <p className="spot-form__unknown" role="status" data-testid={testId}>
      <strong>{t('spot.form.unknown')}</strong> {t('spot.form.unknownHint')}
    </p>
  );
}
