// "Send code" with the 60 s countdown; the form validates the account first (onSend returns
// false when nothing was sent).
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useCountdown } from './use-countdown.ts';

export function SendCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useI18n();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async (): Promise<void> => {
    setSending(true);
    const sent = await onSend();
    setSending(false);
    if (sent) start();
  };

  const label = sending
    ? t('auth.code.sending')
    : left > 0
      ? t('auth.code.resend', { seconds: left })
      : t('auth.code.send');
  return (
    <button
      type="button"
      className="field__addon-btn num"
      disabled={sending || left > 0}
      onClick={() => void send()}
      data-testid="send-code"
    >
      {label}
    </button>
  );
}
