// How old a panel's data is, shown only while the connection is degraded (issue 10: "the page
// shows the connection state and each panel's data age while degraded"). `at` is the time of
// the panel's last change (ms, the engine's event time); the text counts up every second, so it
// is no live region (ADR 0038: it would be read every second, twice on the spot screen); the
// connection bar says once that the connection is degraded.
import { useEffect, useState } from 'react';
import { connection } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';

const TICK_MS = 1000;

export function DataAge({ at }: { at: number | null }) {
  const { t } = useI18n();
  const state = useSignalValue(connection).state;
  const degraded = state === 'reconnecting' || state === 'offline' || state === 'connecting';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!degraded) return undefined;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [degraded]);
  if (!degraded || at === null || at <= 0) return null;
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  return (
    <span className="data-age" data-testid="data-age" title={t('app.dataAgeHint')}>
      {t('app.dataAge', { seconds })}
    </span>
  );
}
