// The browser's own notification (issue 25): only while the tab is hidden, only for the groups
// the user switched on, and only after the user opted in — the permission is asked for when the
// user switches "browser" on in the preferences, never on its own.

export type SystemPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export function systemPermission(): SystemPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (from a click: browsers refuse a request without one). */
export async function askSystemPermission(): Promise<SystemPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export function systemNotify(n: { title: string; body: string; tag?: string }): void {
  if (systemPermission() !== 'granted') return;
  try {
    const shown = new Notification(n.title, {
      body: n.body,
      icon: '/icons/icon-192.png',
      ...(n.tag === undefined ? {} : { tag: n.tag }),
    });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // some platforms allow notifications only from a service worker: the toast is there
  }
}
