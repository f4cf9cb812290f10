// A thin bar under the header when something is wrong with the engine or the connection.
import { bridgeStatus, connection } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';

export function EngineStatusBar() {
  const { t } = useI18n();
  const status = useSignalValue(bridgeStatus);
  const conn = useSignalValue(connection);
  if (status === 'failed') {
    return (
      <div className="status-bar status-bar--error" role="alert">
        <span>{t('app.engineFailed')}</span>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => window.location.reload()}
        >
          {t('app.reload')}
        </button>
      </div>
    );
  }
  if (status !== 'ready') return null;
  if (conn.state === 'offline' || conn.state === 'reconnecting') {
    return (
      <div className="status-bar status-bar--warn" role="status">
        {t(
          conn.state === 'offline' ? 'header.connection.offline' : 'header.connection.reconnecting',
        )}
      </div>
    );
  }
  if (conn.log === 'memory') {
    return (
      <div className="status-bar status-bar--info" role="status">
        {t('header.connection.memoryLog')}
      </div>
    );
  }
  return null;
}
