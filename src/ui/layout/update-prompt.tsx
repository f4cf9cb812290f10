// A new build announces itself (issue 23): the service worker (vite.config.ts) precaches the
// new app shell in the background and waits; this bar asks the user to reload, which hands the
// page to the new worker. "Later" keeps the running version until the next visit. The worker
// is registered after the page has loaded, and checks for a new build every hour while open.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useI18n } from '../i18n/i18n-context.tsx';

const CHECK_EVERY_MS = 60 * 60 * 1000;

let reloading = false;
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * Hands the page to the waiting worker and reloads once it controls the page. workbox-window
 * reloads only when the page was controlled when it registered; our own `controllerchange`
 * covers the rest, and a worker no longer waiting (another tab took it) is a plain reload.
 */
async function applyUpdate(update: (reload?: boolean) => Promise<void>): Promise<void> {
  const sw = navigator.serviceWorker;
  const registration = await sw.getRegistration().catch(() => undefined);
  if (registration?.waiting == null) {
    reloadOnce();
    return;
  }
  sw.addEventListener('controllerchange', reloadOnce, { once: true });
  await update(true);
}

export function UpdatePrompt() {
  const { t } = useI18n();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (registration !== undefined)
        setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      className="status-bar status-bar--info update-prompt"
      role="status"
      data-testid="update-prompt"
    >
      <span>{t('app.update.ready')}</span>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => void applyUpdate(updateServiceWorker)}
      >
        {t('app.reload')}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => setNeedRefresh(false)}
      >
        {t('app.update.later')}
      </button>
    </div>
  );
}
