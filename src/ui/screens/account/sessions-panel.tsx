// The user's signed-in devices (issue 41, ADR 0042): every live session of the account, the
// newest first, with its browser and system, when it logged in and when it was last used; this
// browser's is marked, any other can be ended (after a confirm), which logs that device out.
import { useState } from 'react';
import type { SessionRowView } from '../../../engine/api.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { LineIcon } from '../../components/line-icon.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { useAccountQuery } from '../../kit/use-account-query.ts';

const PHONES = new Set(['Android', 'iPhone', 'iPad']);

/** "Chrome 131 · Windows"; null when neither is known. */
export function deviceName(row: Pick<SessionRowView, 'browser' | 'os'>): string | null {
  const parts = [row.browser, row.os].filter((p): p is string => p !== null && p !== '');
  return parts.length === 0 ? null : parts.join(' · ');
}

export function SessionsPanel() {
  const { t, fmt } = useI18n();
  const query = useAccountQuery('sessions', {});
  const [ending, setEnding] = useState<SessionRowView | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = query.state.data ?? [];
  const nameOf = (row: SessionRowView) => deviceName(row) ?? t('account.sessions.unknownDevice');

  const end = async () => {
    if (ending === null) return;
    setBusy(true);
    const r = await engine.accountCommand('session-end', { id: ending.id });
    setBusy(false);
    setEnding(null);
    if (r.ok) toast.success(r.message);
    else toast.error(failureMessage(r));
    query.reload();
  };

  return (
    <section className="panel" aria-labelledby="sessions-title" data-testid="sessions">
      <div className="panel__head">
        <h2 className="panel__title" id="sessions-title">
          {t('account.sessions.title')}
        </h2>
      </div>
      <p className="sessions__hint">{t('account.sessions.hint')}</p>
      {query.state.status === 'error' && (
        <p className="sessions__hint" role="alert">
          {query.state.message}{' '}
          {query.state.retryable && (
            <button type="button" className="link-btn" onClick={query.reload}>
              {t('common.retry')}
            </button>
          )}
        </p>
      )}
      {query.state.status === 'loading' && rows.length === 0 && (
        <p className="sessions__hint" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      <ul className="settings-list sessions-list">
        {rows.map((row) => (
          <li
            key={row.id}
            className="settings-row"
            data-testid="session-row"
            data-current={row.current ? 'true' : undefined}
          >
            <span className={`settings-row__icon ${row.current ? 'settings-row__icon--ok' : ''}`}>
              <LineIcon>
                {PHONES.has(row.os ?? '') ? (
                  <rect x="7" y="3" width="10" height="18" rx="2" />
                ) : (
                  <>
                    <rect x="3" y="4" width="18" height="12" rx="2" />
                    <path d="M8 20h8M12 16v4" />
                  </>
                )}
              </LineIcon>
            </span>
            <div className="sessions__who">
              <div className="settings-row__title" data-testid="session-device">
                {nameOf(row)}
              </div>
              <div className="settings-row__desc">
                {t('account.sessions.created', { time: fmt.dateTime(row.createdAt) })}
              </div>
            </div>
            <div className="settings-row__value" data-testid="session-last-used">
              {t('account.sessions.lastUsed', { time: fmt.dateTime(row.lastUsedAt) })}
            </div>
            <div className="settings-row__action">
              {row.current ? (
                <span className="status-chip status-chip--ok" data-testid="session-this-device">
                  {t('account.sessions.thisDevice')}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={t('account.sessions.endLabel', { device: nameOf(row) })}
                  onClick={() => setEnding(row)}
                  data-testid="session-end"
                >
                  {t('account.sessions.end')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={ending !== null}
        title={t('account.sessions.confirmTitle')}
        body={t('account.sessions.confirmBody', {
          device: ending === null ? '' : nameOf(ending),
        })}
        confirmLabel={t('account.sessions.end')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => void end()}
        onClose={() => setEnding(null)}
        testId="session-end-dialog"
      />
    </section>
  );
}
