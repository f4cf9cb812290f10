// How old a panel's data is, shown only while the connection is down (issue 10: "the page shows
// the connection state and each panel's data age while degraded"): "as of hh:mm:ss" of the
// panel's last change (ms, the engine's event time), and how long ago that was (ADR 0032's
// "as of", issue 41). Only for data the panel has: a panel that received nothing in this page
// session says it does not know (`NotKnown`), never that it was "updated" a moment ago. The age
// counts up every second, so it is no live region (ADR 0038: it would be read every second,
// twice on the spot screen); the connection bar says once that the connection is down.
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { useConnectionDown } from './connection-down.ts';

const TICK_MS = 1000;

export function DataAge({ at }: { at: number | null }) {
  const { t, fmt } = useI18n();
  const down = useConnectionDown();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!down) return undefined;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [down]);
  if (!down || at === null || at <= 0) return null;
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  return (
    <span className="data-age" data-testid="data-age" title={t('app.dataAgeHint')}>
      {t('app.dataAsOf', { time: fmt.time(at), seconds })}
    </span>
  );
}
