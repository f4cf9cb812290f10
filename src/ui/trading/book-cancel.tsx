// Cancelling from the book (issue 24): a level's marker (or Delete on it) asks, with the spec's
// confirm dialog, to cancel every order of the user's inside that level — the spot orders, or on
// the contracts screen the open limit entrusts — one by one through the same engine commands as
// the order lists; the reply is a toast (the first failure's message, if any failed). The
// dialog names the orders' own prices, not the level's (issue 41, book-cancel-text.ts).
import { useCallback, useState } from 'react';
import type { BookOwn, BookOwner, BookRow, CommandResult } from '../../engine/api.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import { engine } from '../engine-bridge/bridge.ts';
import { failureMessage } from '../i18n/result-message.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { toast } from '../toast/toast.ts';
import type { Side } from './paint/book-paint.ts';
import type { PairMeta } from './pair-meta.ts';
import { locale } from '../i18n/i18n.ts';
import { orderPricesText } from './book-cancel-text.ts';

interface Pending {
  own: BookOwn;
  side: Side;
}

export function useBookCancel(meta: PairMeta, owner: BookOwner) {
  const { t, fmt } = useI18n();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((row: BookRow, side: Side) => {
    if (row.own !== null) setPending({ own: row.own, side });
  }, []);
  const dismiss = useCallback(() => setPending(null), []);

  const confirm = async (): Promise<void> => {
    if (pending === null || busy) return;
    setBusy(true);
    const results: CommandResult[] = [];
    for (const id of pending.own.ids) {
      results.push(
        owner === 'lever'
          ? await engine.leverCommand('cancel', { id })
          : await engine.cancelSpotOrder({ id, side: pending.side === 'bid' ? 'buy' : 'sell' }),
      );
    }
    setBusy(false);
    setPending(null);
    const failed = results.find((r) => !r.ok);
    if (failed !== undefined) toast.error(failureMessage(failed));
    else if (owner === 'lever') toast.success(t('lever.revoke.done'));
    else toast.success(t('spot.book.cancelled', { count: results.length }));
  };

  const count = pending?.own.ids.length ?? 0;
  const price =
    pending === null
      ? ''
      : orderPricesText(pending.own.prices, meta.pricePrecision, fmt.fixed, locale());
  const body =
    owner === 'lever'
      ? t('lever.book.revokeLevel', { count, price })
      : t('spot.book.cancelLevel', {
          count,
          price,
          amount: pending === null ? '' : fmt.fixed(pending.own.amount, meta.amountPrecision),
          base: meta.base,
        });
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t(owner === 'lever' ? 'lever.revoke.title' : 'spot.cancel.title')}
      body={body}
      confirmLabel={t(owner === 'lever' ? 'lever.revoke.sure' : 'spot.cancel.sure')}
      cancelLabel={t('spot.cancel.dismiss')}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={dismiss}
      testId="book-cancel-dialog"
    />
  );
  return { ask, dialog };
}
