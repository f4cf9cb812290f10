// The notification preferences (issue 25): per group, a toast, a sound, the browser's own
// notification while the tab is hidden. Saved per user on the server at each change. Switching
// "browser" on asks the browser's permission (from that click: never on its own); refused, it
// says how to allow it and stays off.
import { useEffect, useState } from 'react';
import {
  NOTIFICATION_GROUPS,
  samePrefs,
  type GroupPrefs,
  type NotificationGroup,
  type NotificationPrefs,
} from '../../shared/notifications.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { failureMessage } from '../i18n/result-message.ts';
import { notices } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { GROUP_LABEL } from './notice-groups.ts';
import { askSystemPermission, systemPermission } from './system-notify.ts';

const CHANNELS: readonly { key: keyof GroupPrefs; label: MessageId }[] = [
  { key: 'toast', label: 'notice.prefs.toast' },
  { key: 'sound', label: 'notice.prefs.sound' },
  { key: 'system', label: 'notice.prefs.system' },
];

export function NoticePrefsPanel() {
  const { t } = useI18n();
  const view = useSignalValue(notices);
  const [status, setStatus] = useState<string>('');
  /** The user's change until the engine has it saved (a checkbox follows the click at once). */
  const [draft, setDraft] = useState<NotificationPrefs | null>(null);
  const prefs = draft ?? view.prefs;
  // the draft goes once the engine's view has it (compared by content: every change of the
  // notifications view, a read mark from another tab say, brings a new but equal prefs object)
  const savedAll = draft !== null && samePrefs(draft, view.prefs);
  useEffect(() => {
    if (savedAll) setDraft(null);
  }, [savedAll]);
  const [denied, setDenied] = useState(systemPermission() === 'denied');
  const unsupported = systemPermission() === 'unsupported';

  const change = async (group: NotificationGroup, key: keyof GroupPrefs, on: boolean) => {
    if (key === 'system' && on) {
      const permission = await askSystemPermission();
      setDenied(permission === 'denied');
      if (permission !== 'granted') return;
    }
    const prefs: NotificationPrefs = {
      ...view.prefs,
      [group]: { ...view.prefs[group], [key]: on },
    };
    const r = await engine.saveNoticePrefs(prefs);
    setStatus(r.ok ? t('notice.prefs.saved') : failureMessage(r));
  };

  return (
    <section
      className="notice-prefs"
      aria-labelledby="notice-prefs-title"
      data-testid="notice-prefs"
    >
      <h2 id="notice-prefs-title" className="notice-prefs__title">
        {t('notice.prefs.title')}
      </h2>
      <table className="notice-prefs__table">
        <thead>
          <tr>
            <th scope="col">{t('notice.prefs.group')}</th>
            {CHANNELS.map((c) => (
              <th key={c.key} scope="col">
                {t(c.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_GROUPS.map((g) => (
            <tr key={g} data-group={g}>
              <th scope="row">{t(GROUP_LABEL[g])}</th>
              {CHANNELS.map((c) => (
                <td key={c.key}>
                  <input
                    type="checkbox"
                    aria-label={`${t(GROUP_LABEL[g])}: ${t(c.label)}`}
                    checked={prefs[g][c.key]}
                    disabled={!view.prefsLoaded || (c.key === 'system' && unsupported)}
                    onChange={(e) => void change(g, c.key, e.target.checked)}
                    data-channel={c.key}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {denied && <p className="notice-prefs__hint">{t('notice.prefs.denied')}</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
