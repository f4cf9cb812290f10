// /replay, the replay desk (issue 5): open a recording (file input or drop), then move through it
// on the timeline, list and filter its events, inspect an event and each projection's state.
// The exchange's own screens show the replayed state meanwhile, under the replay banner.
import { useRef, useState } from 'react';
import { replayControls, replayInfo, replayStatus } from '../../engine-bridge/replay-bridge.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ReplayControls } from './replay-controls.tsx';
import { ReplayDifferencePanel } from './replay-difference.tsx';
import { ReplayIncident } from './replay-incident.tsx';
import { ReplayEvents } from './replay-events.tsx';
import { ReplayInspector } from './replay-inspector.tsx';
import { errorMessageId, openRecording, openState } from './replay-open.ts';
import '../../styles/spot.css';
import '../../styles/replay.css';

export default function ReplayScreen() {
  const info = useSignalValue(replayInfo);
  return (
    <section className="page replay-desk" data-testid="replay-desk">
      <OpenPanel compact={info !== null} />
      {info === null ? null : (
        <>
          <Summary />
          <ReplayIncident />
          <ReplayDifferencePanel key={`${info.fileName}-${info.exportedAt}`} />
          <Timeline />
          <div className="replay-desk__panels">
            <ReplayEvents key={`${info.fileName}-${info.exportedAt}`} total={info.events} />
            <ReplayInspector />
          </div>
        </>
      )}
    </section>
  );
}

function OpenPanel({ compact }: { compact: boolean }) {
  const { t } = useI18n();
  const state = useSignalValue(openState);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={`replay-open${compact ? ' replay-open--compact' : ''}`}>
      {compact ? null : (
        <>
          <h1 className="replay-open__title">{t('replay.title')}</h1>
          <p className="muted replay-open__intro">{t('replay.intro')}</p>
        </>
      )}
      <div className="replay-open__actions">
        <button
          type="button"
          className={`btn ${compact ? 'btn--ghost btn--sm' : 'btn--primary'}`}
          onClick={() => input.current?.click()}
          disabled={state.phase === 'loading'}
        >
          {t('replay.choose')}
        </button>
        <span className="muted">{t('replay.drop')}</span>
        <input
          ref={input}
          type="file"
          accept=".gz,.ndjson,application/gzip"
          className="visually-hidden"
          data-testid="replay-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file !== undefined) void openRecording(file);
          }}
        />
      </div>
      {state.phase === 'loading' ? (
        <div className="replay-open__progress" role="status" data-testid="replay-loading">
          <progress max={1} value={state.progress} />
          <span>{t('replay.loading', { percent: state.progress })}</span>
        </div>
      ) : null}
      {state.phase === 'error' ? (
        <p className="form-error replay-open__error" role="alert" data-testid="replay-error">
          {state.name === '' ? null : <strong>{state.name}: </strong>}
          {t(errorMessageId(state.code), state.params)}
        </p>
      ) : null}
    </div>
  );
}

function Summary() {
  const { t, lang } = useI18n();
  const info = useSignalValue(replayInfo);
  if (info === null) return null;
  return (
    <div className="replay-summary" data-testid="replay-summary">
      <span className="replay-summary__file" title={info.fileName}>
        {info.fileName}
      </span>
      <span className="muted">{t('replay.summary.app', { app: info.app })}</span>
      {info.from === null || info.to === null ? null : (
        <span className="muted">
          {t('replay.summary.range', {
            from: formatDateTime(info.from, lang),
            to: formatDateTime(info.to, lang),
          })}
        </span>
      )}
      <span className="muted num">{t('replay.summary.events', { count: info.events })}</span>
      {info.mismatches.length === 0 ? (
        <span className="replay-summary__ok" data-testid="replay-reproduced">
          ✓ {t('replay.summary.reproduced')}
        </span>
      ) : (
        <span className="replay-summary__bad" data-testid="replay-differs">
          ✗ {t('replay.summary.differs', { names: info.mismatches.join(', ') })}
        </span>
      )}
    </div>
  );
}

function Timeline() {
  const { t } = useI18n();
  const info = useSignalValue(replayInfo);
  const status = useSignalValue(replayStatus);
  const [seq, setSeq] = useState('');
  const [time, setTime] = useState('');
  const [notFound, setNotFound] = useState(false);
  if (info === null || status === null) return null;
  const jump = async (target: { seq: number } | { at: number }): Promise<void> => {
    const index = await replayControls.find(target);
    setNotFound(index < 0);
    if (index >= 0) await replayControls.seek(index);
  };
  const day = new Date(status.at);
  return (
    <div className="replay-timeline" aria-label={t('replay.timeline')}>
      <ReplayControls />
      <input
        type="range"
        className="replay-timeline__slider"
        min={-1}
        max={info.events - 1}
        step={1}
        value={status.index}
        aria-label={t('replay.timeline')}
        data-testid="replay-slider"
        onChange={(e) => void replayControls.seek(Number(e.target.value))}
      />
      <form
        className="replay-timeline__jump"
        onSubmit={(e) => {
          e.preventDefault();
          // a sequence number is digits: "1e3" is not 1000 (ADR 0041)
          const n = Number(seq.trim());
          if (/^\d+$/.test(seq.trim()) && Number.isSafeInteger(n)) void jump({ seq: n });
        }}
      >
        <label>
          <span className="muted">{t('replay.jump.seq')}</span>
          <input
            className="replay-input num"
            inputMode="numeric"
            value={seq}
            onChange={(e) => setSeq(e.target.value)}
            data-testid="replay-jump-seq"
          />
        </label>
        <button type="submit" className="btn btn--ghost btn--sm">
          {t('replay.jump.go')}
        </button>
      </form>
      <form
        className="replay-timeline__jump"
        onSubmit={(e) => {
          e.preventDefault();
          const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
          const at = new Date(
            day.getFullYear(),
            day.getMonth(),
            day.getDate(),
            h,
            m,
            s,
            999,
          ).getTime();
          if (!Number.isNaN(at)) void jump({ at });
        }}
      >
        <label>
          <span className="muted">{t('replay.jump.time')}</span>
          <input
            type="time"
            step={1}
            className="replay-input num"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            data-testid="replay-jump-time"
          />
        </label>
        <button type="submit" className="btn btn--ghost btn--sm">
          {t('replay.jump.go')}
        </button>
      </form>
      {notFound ? (
        <span className="form-error" role="alert">
          {t('replay.jump.notFound')}
        </span>
      ) : null}
    </div>
  );
}
