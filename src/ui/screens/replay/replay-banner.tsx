// The replay banner (issue 5): on every screen while a recording is shown, so replayed state is
// never mistaken for the live exchange. Position, replay clock, controls, the desk, the way out.
import { Link, useLocation } from 'react-router';
import { exitReplay, replayInfo, replayStatus } from '../../engine-bridge/replay-bridge.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { formatDateTime, formatTime } from '../../i18n/format.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ReplayControls } from './replay-controls.tsx';
import { REPLAY_PATH } from './replay-open.ts';

export function ReplayBanner() {
  const { t, lang } = useI18n();
  const info = useSignalValue(replayInfo);
  const status = useSignalValue(replayStatus);
  const { pathname } = useLocation();
  if (info === null) return null;
  const index = status?.index ?? -1;
  return (
    <div className="replay-banner" role="status" data-testid="replay-banner">
      <span className="replay-banner__badge">{t('replay.banner.label')}</span>
      <span className="replay-banner__file" title={info.fileName}>
        {info.fileName}
      </span>
      <span className="replay-banner__pos num" data-testid="replay-position">
        {t('replay.banner.position', { index: index + 1, count: info.events })}
        {status === null ? null : (
          <>
            {' · #'}
            {status.seq}
            {' · '}
            <time
              dateTime={new Date(status.at).toISOString()}
              title={formatDateTime(status.at, lang)}
            >
              {formatTime(status.at, lang)}
            </time>
          </>
        )}
      </span>
      <ReplayControls compact />
      <span className="replay-banner__spacer" />
      {pathname === REPLAY_PATH ? null : (
        <Link to={REPLAY_PATH} className="btn btn--ghost btn--sm">
          {t('replay.banner.desk')}
        </Link>
      )}
      <button
        type="button"
        className="btn btn--primary btn--sm"
        data-testid="replay-exit"
        onClick={() => void exitReplay()}
      >
        {t('replay.banner.exit')}
      </button>
    </div>
  );
}
