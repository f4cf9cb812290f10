// A flight recorder's report on the replay desk (issue 47, ADR 0078): what broke, where, and
// "Go to where it broke", which moves the cursor to the event the report names, so the screens
// and the inspector show the state there. The file ends at the `flight.break` event after it.
import { useState } from 'react';
import { replayControls, replayInfo } from '../../engine-bridge/replay-bridge.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { INVARIANT_TEXT } from '../../flight/flight-offer.tsx';

export function ReplayIncident() {
  const { t } = useI18n();
  const info = useSignalValue(replayInfo);
  const [missing, setMissing] = useState(false);
  const incident = info?.incident ?? null;
  if (info === null || incident === null) return null;
  const seq = incident.seq ?? info.lastSeq;
  const go = async (): Promise<void> => {
    const index = seq === null ? -1 : await replayControls.find({ seq });
    setMissing(index < 0);
    if (index >= 0) await replayControls.seek(index);
  };
  return (
    <section
      className="replay-diff replay-incident"
      aria-labelledby="replay-incident-title"
      data-testid="replay-incident"
      data-invariant={incident.invariant}
      data-seq={seq ?? ''}
    >
      <h2 id="replay-incident-title" className="replay-diff__title">
        {t('flight.replay.title')}
      </h2>
      <span>{t(INVARIANT_TEXT[incident.invariant])}</span>
      {seq === null ? null : <span className="muted">{t('flight.replay.at', { seq })}</span>}
      <code className="replay-incident__detail">{incident.detail}</code>
      {seq === null ? null : (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void go()}
          data-testid="replay-incident-go"
        >
          {t('flight.replay.go')}
        </button>
      )}
      <span role="status">{missing ? t('replay.jump.notFound') : ''}</span>
    </section>
  );
}
