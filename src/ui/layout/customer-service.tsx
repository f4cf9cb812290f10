// Customer service (spec §7 /api/custorm): the engine returns the URL with {id}/{name} filled,
// or '' when the back office has none; then a toast asks to configure it first.
import { useState } from 'react';
import { engine } from '../engine-bridge/bridge.ts';
import { failureMessage } from '../i18n/result-message.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { toast } from '../toast/toast.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { busyProps } from '../components/busy-button.ts';

export function CustomerService({ withText = false }: { withText?: boolean }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);

  const open = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const result = await engine.customerService();
    setBusy(false);
    if (!result.ok) toast.error(failureMessage(result));
    else if (result.data === '') toast.info(t('header.service.notConfigured'));
    else window.open(result.data, '_blank', 'noopener,noreferrer');
  };

  return (
    <button
      type="button"
      className="icon-btn"
      onClick={() => void open()}
      {...busyProps(busy)}
      aria-label={t('header.service.label')}
      title={t('header.service.label')}
    >
      <HeadsetIcon />
      {withText && <span>{t('header.service.label')}</span>}
    </button>
  );
}

function HeadsetIcon() {
  return (
    <LineIcon size={18}>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19c0 1.5-2 2.5-5 2.5" />
    </LineIcon>
  );
}
