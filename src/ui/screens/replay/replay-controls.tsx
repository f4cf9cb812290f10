// Play, pause, step and speed (issue 5), shared by the replay banner (every screen) and the
// replay desk's timeline.
import type { ReplaySpeed } from '../../../engine/api.ts';
import { replayControls, replayInfo, replayStatus } from '../../engine-bridge/replay-bridge.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { LineIcon } from '../../components/line-icon.tsx';

export const SPEEDS: readonly ReplaySpeed[] = ['1x', '10x', 'max', 'original'];
const SPEED_LABEL: Record<ReplaySpeed, MessageId> = {
  '1x': 'replay.speed.1x',
  '10x': 'replay.speed.10x',
  max: 'replay.speed.max',
  original: 'replay.speed.original',
};

export function ReplayControls({ compact = false }: { compact?: boolean }) {
  const { t } = useI18n();
  const info = useSignalValue(replayInfo);
  const status = useSignalValue(replayStatus);
  if (info === null || status === null) return null;
  const last = info.events - 1;
  const seek = (index: number): void => void replayControls.seek(index);
  return (
    <div className={`replay-controls${compact ? ' replay-controls--compact' : ''}`}>
      <button
        type="button"
        className="icon-btn"
        onClick={() => seek(-1)}
        aria-label={t('replay.toStart')}
        title={t('replay.toStart')}
        disabled={status.index < 0}
      >
        <Icon d="M6 5v14 M18 6l-9 6 9 6z" />
      </button>
      <button
        type="button"
        className="icon-btn"
        data-testid="replay-step-back"
        onClick={() => seek(status.index - 1)}
        aria-label={t('replay.stepBack')}
        title={t('replay.stepBack')}
        disabled={status.index < 0}
      >
        <Icon d="M16 6l-8 6 8 6z" />
      </button>
      {status.playing ? (
        <button
          type="button"
          className="icon-btn icon-btn--primary"
          data-testid="replay-pause"
          onClick={() => void replayControls.pause()}
          aria-label={t('replay.pause')}
          title={t('replay.pause')}
        >
          <Icon d="M8 5v14 M16 5v14" />
        </button>
      ) : (
        <button
          type="button"
          className="icon-btn icon-btn--primary"
          data-testid="replay-play"
          onClick={() => void replayControls.play(status.speed)}
          aria-label={t('replay.play')}
          title={t('replay.play')}
        >
          <Icon d="M8 5l11 7-11 7z" />
        </button>
      )}
      <button
        type="button"
        className="icon-btn"
        data-testid="replay-step-forward"
        onClick={() => seek(status.index + 1)}
        aria-label={t('replay.stepForward')}
        title={t('replay.stepForward')}
        disabled={status.index >= last}
      >
        <Icon d="M8 6l8 6-8 6z" />
      </button>
      <button
        type="button"
        className="icon-btn"
        onClick={() => seek(last)}
        aria-label={t('replay.toEnd')}
        title={t('replay.toEnd')}
        disabled={status.index >= last}
      >
        <Icon d="M18 5v14 M6 6l9 6-9 6z" />
      </button>
      <label className="replay-controls__speed">
        <span className="visually-hidden">{t('replay.speed')}</span>
        <select
          value={status.speed}
          data-testid="replay-speed"
          aria-label={t('replay.speed')}
          onChange={(e) => {
            void replayControls.setSpeed(e.target.value as ReplaySpeed);
          }}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {t(SPEED_LABEL[s])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <LineIcon size={14}>
      <path d={d} strokeLinejoin="round" strokeLinecap="round" />
    </LineIcon>
  );
}
