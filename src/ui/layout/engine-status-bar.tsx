// A thin bar under the header when something is wrong with the engine, the connection or the
// browser's storage: a newer version opened in another tab (reload), or a log kept in memory
// only (and why: no IndexedDB, quota, a blocked upgrade, another tab, a failure).
import type { StorageIssue } from '../../engine/api.ts';
import { bridgeStatus, connection } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';

const MEMORY_ONLY: Record<Exclude<StorageIssue, 'newer-version'>, MessageId> = {
  unavailable: 'storage.memory.unavailable',
  quota: 'storage.memory.quota',
  blocked: 'storage.memory.blocked',
  'other-tab': 'storage.memory.otherTab',
  failed: 'storage.memory.failed',
};

export function EngineStatusBar() {
  const { t } = useI18n();
  const status = useSignalValue(bridgeStatus);
  const conn = useSignalValue(connection);
  if (status === 'failed') return <ReloadBar text={t('app.engineFailed')} tone="error" />;
  if (status !== 'ready') return null;
  if (conn.storage === 'newer-version')
    return <ReloadBar text={t('storage.newerVersion')} tone="warn" />;
  if (conn.state === 'offline' || conn.state === 'reconnecting') {
    return (
      <div className="status-bar status-bar--warn" role="status" data-testid="connection-notice">
        {t(
          conn.state === 'offline' ? 'header.connection.offline' : 'header.connection.reconnecting',
        )}
      </div>
    );
  }
  if (conn.log === 'memory') {
    return (
      <div className="status-bar status-bar--info" role="status" data-testid="storage-notice">
        {t(MEMORY_ONLY[conn.storage ?? 'failed'])}
      </div>
    );
  }
  return null;
}

function ReloadBar({ text, tone }: { text: string; tone: 'error' | 'warn' }) {
  const { t } = useI18n();
  return (
    <div className={`status-bar status-bar--${tone}`} role="alert" data-testid="reload-notice">
      <span>{text}</span>
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
