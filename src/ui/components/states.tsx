// Loading, empty, not known, offline and error states shared by every list (ARCHITECTURE §7).
import { useEffect, useRef, type ReactNode } from 'react';
import { useConnectionDown } from './connection-down.ts';
import { useI18n } from '../i18n/i18n-context.tsx';

export function Loading({ text }: { text?: string }) {
  const { t } = useI18n();
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text ?? t('common.loading')}</span>
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useI18n();
  return (
    <div className="state state--empty">
      <EmptyIcon />
      <span>{text ?? t('common.noData')}</span>
    </div>
  );
}

/**
 * A list of the user's that is not known: the server has not answered for it (offline, or the
 * request failed) and nothing is held from before. Never "no orders": the user may have some.
 */
export function NotKnown({ text }: { text?: string }) {
  const { t } = useI18n();
  return (
    <div className="state state--unknown" role="status" data-testid="not-known">
      <span>{text ?? t('common.listUnknown')}</span>
    </div>
  );
}

/**
 * A list the server could not be asked for because the page is offline. Not an error of the list
 * (the connection bar already says the connection is down), and never "no data": the user may
 * have some. It asks again by itself when the connection comes back, and on Retry.
 */
export function OfflineState({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  const down = useConnectionDown();
  const wasDown = useRef(down);
  useEffect(() => {
    if (wasDown.current && !down) onRetry();
    wasDown.current = down;
  }, [down, onRetry]);
  return (
    <div className="state state--offline" role="status" data-testid="list-offline">
      <span>{t('common.offlineError')}</span>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * A failure and, when asking again can help, a Retry button. `retryable: false` (an answer of
 * the server such as "not allowed" or "verify your identity first", see `retryHelps`) shows
 * the message alone: a retry would only get the same answer.
 */
export function ErrorState({
  text,
  onRetry,
  retryable = true,
  children,
}: {
  text: string;
  onRetry?: () => void;
  retryable?: boolean;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="state state--error" role="alert">
      <span>{text}</span>
      {onRetry && retryable && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
      {children}
    </div>
  );
}

function EmptyIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" className="state__icon">
      <rect
        x="6"
        y="10"
        width="28"
        height="22"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M6 18h28M14 24h12" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
