import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { dismissToast, toasts } from './toast.ts';

export function ToastHost() {
  const { t } = useI18n();
  const items = useSignalValue(toasts);
  return (
    // a live region present before any toast: a screen reader announces what is added to it
    // (a status element inserted together with its text often goes unannounced)
    <div
      className="toasts"
      role="region"
      aria-label={t('common.notifications')}
      aria-live="polite"
      aria-relevant="additions"
    >
      {items.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : undefined}
        >
          <span className="toast__text">
            {item.title !== undefined && <strong className="toast__title">{item.title}</strong>}
            {item.text}
          </span>
          <button
            type="button"
            className="toast__close"
            aria-label={t('common.dismiss')}
            onClick={() => dismissToast(item.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}

function CloseIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
