// Figures the page shows from the event log, not live (issue 23; ADR 0032): "last known, as of
// hh:mm", with the date when it is not today. A polite status, said once when it appears.
import { useI18n } from '../i18n/i18n-context.tsx';
import { useNow } from './use-now.ts';

const MINUTE = 60_000;

export function AsOfNote({ at }: { at: number }) {
  const { t, fmt } = useI18n();
  const now = useNow(MINUTE);
  const today = new Date(at).toDateString() === new Date(now).toDateString();
  return (
    <p className="as-of" role="status" data-testid="as-of">
      {t('common.asOf', { time: today ? fmt.time(at) : fmt.dateTime(at) })}
    </p>
  );
}
