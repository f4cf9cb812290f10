// Closing an open position (contract §5.5), all of it or some of its hands (issue 44, ADR 0061):
// the hands to close start at all of them; the live profit of the hands chosen is shown as the
// mark moves. Fewer hands leave the position open with the rest and its levels.
import { useId, useState } from 'react';
import type { LeverPositionView } from '../../../engine/api.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';
import { Field } from '../../kit/field.tsx';
import { DialogFooter, Modal } from '../../kit/modal.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { handsCount } from './lever-form-math.ts';
import { quoteOf, sideText, signedMoney } from './stop-dialog.tsx';

interface CloseDialogProps {
  /** The live row (its profit changes every second while the dialog is open). */
  position: LeverPositionView;
  busy: boolean;
  /** `share`: the hands to close; '' closes them all. */
  onConfirm: (share: string) => void;
  onClose: () => void;
}

/** The hands typed, when they are a whole number from 1 to the position's; null otherwise. */
export function handsToClose(text: string, total: number): number | null {
  const v = text.trim();
  if (!/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= total ? n : null;
}

/** The live profit of `hands` of the position's `total`: its profit in proportion. */
export function partProfit(profit: string, hands: number, total: number): string {
  const p = parseDecimal(profit) ?? new Decimal(0);
  return total === 0 ? '0' : p.times(hands).dividedBy(total).toDecimalPlaces(8).toFixed();
}

export function CloseDialog({ position: p, busy, onConfirm, onClose }: CloseDialogProps) {
  const { t, fmt } = useI18n();
  const bodyId = useId();
  const total = handsCount(p.share);
  const [hands, setHands] = useState(String(total));
  const [error, setError] = useState<string | undefined>(undefined);
  const n = handsToClose(hands, total);
  const values = {
    side: sideText(t, p.side),
    symbol: p.symbol,
    quote: quoteOf(p.symbol),
    total,
    hands: n ?? total,
    profit: signedMoney(fmt, partProfit(p.profit, n ?? total, total)),
  };
  const whole = n === null || n === total;
  const submit = (): void => {
    if (busy) return;
    if (n === null) {
      setError(t('lever.close.handsRange', { max: total }));
      return;
    }
    onConfirm(n === total ? '' : String(n));
  };
  return (
    <Modal
      open
      title={t('lever.close.title')}
      onClose={onClose}
      testId="confirm-dialog"
      closeButton={false}
      describedBy={bodyId}
      className="lever-dialog"
      data={{ 'data-position-id': p.id }}
      onSubmit={submit}
    >
      <p id={bodyId} className="dialog__body" data-testid="lever-close-body">
        {whole ? t('lever.close.body', values) : t('lever.close.partBody', values)}
      </p>
      <Field
        name="closeHands"
        label={t('lever.close.hands')}
        value={hands}
        decimals={0}
        inputMode="numeric"
        onValue={(v) => {
          setHands(v);
          setError(undefined);
        }}
        error={error}
        addon={<span className="lever-field__unit">{t('lever.form.handsUnit')}</span>}
        data-testid="lever-close-hands"
      />
      <DialogFooter
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        submitLabel={whole ? t('lever.close.sure') : t('lever.close.part', { hands: n })}
        busy={busy}
        submitTestId="confirm-sure"
      />
    </Modal>
  );
}
