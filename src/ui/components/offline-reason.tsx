// An order button while the connection is down (issue 41): disabled, and described by why — an
// order cannot be placed without the server, and a button that stays enabled fails on the click.
import { useId, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { useConnectionDown } from './connection-down.ts';

export interface OrderGuard {
  /** The connection is down: no order can be placed. */
  down: boolean;
  /**
   * The order button's attributes, given whether it is busy: `disabled` while the connection is
   * down (with its reason), only `aria-disabled` while busy, since a disabled button drops focus
   * to the body under a keyboard user who pressed Enter (issue 41, ADR 0037); the form ignores a
   * second press while busy.
   */
  button(busy: boolean): {
    disabled: boolean;
    'aria-disabled': boolean;
    'aria-describedby': string | undefined;
  };
  /** The reason under the buttons (null while connected). */
  reason: ReactNode;
}

export function useOrderGuard(): OrderGuard {
  const down = useConnectionDown();
  const id = useId();
  return {
    down,
    button: (busy) => ({
      disabled: down,
      'aria-disabled': busy || down,
      'aria-describedby': down ? id : undefined,
    }),
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
