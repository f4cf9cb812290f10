// "Something went wrong — save a report" (the flight recorder, issue 47, ADR 0078): while the
// engine offers an incident (ConnectionView.incident), a card in the window's corner says what
// broke and offers the report the engine kept: the minutes of the log before the break, up to
// it, masked. Saving downloads it (nothing is sent anywhere); either answer withdraws the offer.
// The card floats over the screen's corner and never moves the layout; it comes first in the
// tab order after the header, and its text is announced. A replay shows no offer: what broke
// there is the recording's, and the replay desk names it.
import { useState } from 'react';
import type { Incident, Invariant } from '../../engine/api.ts';
import { downloadFile, reportName } from '../components/download-file.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { replayInfo } from '../engine-bridge/replay-bridge.ts';
import { connection } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { toast } from '../toast/toast.ts';

export const INVARIANT_TEXT: Record<Invariant, MessageId> = {
  'book-crossed': 'flight.invariant.bookCrossed',
  'seq-gap': 'flight.invariant.seqGap',
  checkpoint: 'flight.invariant.checkpoint',
  'engine-error': 'flight.invariant.engineError',
  'page-error': 'flight.invariant.pageError',
  'long-frame': 'flight.invariant.longFrame',
};

/** Saves the report kept for the incident; the offer goes once it is saved. */
export async function saveFlightReport(
  t: ReturnType<typeof useI18n>['t'],
  onProgress: (share: number) => void,
): Promise<void> {
  try {
    const file = await engine.flightReport((done, total) =>
      onProgress(total > 0 ? done / total : 1),
    );
    downloadFile(file.bytes as BlobPart, 'application/gzip', reportName(new Date()));
    toast.success(t('flight.saved', { count: file.events }));
    void engine.flightDismiss();
  } catch (error) {
    toast.error(
      t('replay.report.failed', {
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}

export function FlightOffer() {
  const conn = useSignalValue(connection);
  const replaying = useSignalValue(replayInfo) !== null;
  const incident = conn.incident ?? null;
  if (incident === null || replaying) return null;
  // keyed by the incident: a new one starts with no progress of the last
  return <Offer key={`${incident.invariant}:${incident.seq ?? ''}`} incident={incident} />;
}

function Offer({ incident }: { incident: Incident }) {
  const { t } = useI18n();
  const [progress, setProgress] = useState<number | null>(null);
  const save = async (): Promise<void> => {
    setProgress(0);
    await saveFlightReport(t, setProgress);
    setProgress(null);
  };
  return (
    <section
      className="flight-offer"
      data-testid="flight-offer"
      data-invariant={incident.invariant}
      aria-labelledby="flight-offer-title"
    >
      <div role="alert">
        <h2 id="flight-offer-title" className="flight-offer__title">
          {t('flight.offer.title')}
        </h2>
        <p className="flight-offer__what">{t(INVARIANT_TEXT[incident.invariant])}</p>
      </div>
      <p className="flight-offer__note">{t('flight.offer.note')}</p>
      <div className="flight-offer__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          data-testid="flight-save"
          disabled={progress !== null}
          aria-busy={progress !== null}
          onClick={() => void save()}
        >
          {progress === null
            ? t('flight.offer.save')
            : t('replay.report.progress', { percent: progress })}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="flight-dismiss"
          disabled={progress !== null}
          onClick={() => void engine.flightDismiss()}
        >
          {t('flight.offer.dismiss')}
        </button>
      </div>
    </section>
  );
}
