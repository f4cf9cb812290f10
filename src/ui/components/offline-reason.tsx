// An order button while the connection is down (issue 41): disabled, and described by why — an
// order cannot be placed without the server, and a button that stays enabled fails on the click.
import { useId, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { useConnectionDown } from './connection-down.ts';

export interface OrderGuard {
  /** The connection is down: no order can be placed. */
  down: boolean;
  /** The order button's `disabled` and `aria-describedby`, given whether it is busy. */
  button(busy: boolean): { disabled: boolean; 'aria-describedby': string | undefined };
  /** The reason under the buttons (null while connected). */
  reason: ReactNode;
}

export function useOrderGuard(): OrderGuard {
  const down = useConnectionDown();
  const id = useId();
  return {
    down,
    button: (busy) => ({ disabled: busy || down, 'aria-describedby': down ? id : undefined }),
    reason: down ? <OfflineReason id={id} /> : null,
  };
}

function OfflineReason({ id }: { id: string }) {
  const { t } = useI18n();
  return (
    <p id={id} className="form-offline" data-testid="offline-reason">
      {t('trade.offline')}
    </p>
  );
}
