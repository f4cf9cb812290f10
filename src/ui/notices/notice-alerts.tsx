// Shows the notifications the engine decided this tab shows (NoticesView.toast; the engine
// claimed them so no other tab shows them too): a toast, a short sound and, while the tab is
// hidden, the browser's notification — each as the user's preferences for its group say.
// A toast decided before this page mounted is shown only if it is fresh (a page that attached
// late still shows what just came; an old decision is never shown again).
import { effect } from '@preact/signals-core';
import { useEffect } from 'react';
import { groupOf, type NotificationRow } from '../../shared/notifications.ts';
import { notices } from '../engine-bridge/signals.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { locale } from '../i18n/i18n.ts';
import { showToast } from '../toast/toast.ts';
import { awaySummary, noticeWords } from './notice-text.ts';
import { liveNoticeDecimals } from './notice-decimals.ts';
import { chime } from './chime.ts';
import { systemNotify } from './system-notify.ts';

/** How long a notification's toast stays. */
export const NOTICE_TOAST_MS = 6000;
/** A toast decided this long before the page saw it is not shown. */
const FRESH_MS = 10_000;

export function NoticeAlerts() {
  const { t, fmt } = useI18n();
  useEffect(() => {
    let seen = notices.peek().toast?.seq ?? 0;
    const first = notices.peek().toast;
    if (first !== null && Date.now() - first.at < FRESH_MS) seen -= 1;
    return effect(() => {
      const view = notices.value;
      const toast = view.toast;
      if (toast === null || toast.seq <= seen) return;
      seen = toast.seq;
      const rows = toast.ids
        .map((id) => view.items.find((n) => n.id === id))
        .filter((n): n is NotificationRow => n !== undefined);
      const wanted = rows.filter((n) => view.prefs[groupOf(n.kind)].toast);
      if (toast.away) {
        if (wanted.length > 0)
          showToast('info', awaySummary(wanted, t, locale()), { ms: NOTICE_TOAST_MS });
      } else
        for (const n of wanted) {
          const words = noticeWords(n, t, fmt, liveNoticeDecimals);
          showToast('info', words.line, { title: words.title, ms: NOTICE_TOAST_MS });
        }
      if (rows.some((n) => view.prefs[groupOf(n.kind)].sound)) chime();
      const system = rows.filter((n) => view.prefs[groupOf(n.kind)].system);
      const first = system[0];
      if (first !== undefined && document.visibilityState === 'hidden')
        systemNotify(
          toast.away
            ? { title: t('notice.centre.title'), body: awaySummary(system, t, locale()) }
            : { ...toWords(noticeWords(first, t, fmt, liveNoticeDecimals)), tag: String(first.id) },
        );
    });
  }, [t, fmt]);
  return null;
}

const toWords = (w: { title: string; line: string }) => ({ title: w.title, body: w.line });
