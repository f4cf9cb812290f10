// Changing a waiting conditional order (issue 44, ADR 0067), from its row's Edit: its trigger, its
// limit price (the limit kinds) and its amount, in one dialog and one call. Only what changed is
// sent; the server checks it as a new order (a trigger already reached is refused, naming the
// price) and moves the reserve by the difference. An error stays under its field, and what was
// typed stays; success closes the dialog and the list asks again.
import { useState } from 'react';
import type { SpotTriggerView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { failureMessage } from '../../i18n/result-message.ts';
import { DialogFooter, Modal } from '../../kit/modal.tsx';
import { toast } from '../../toast/toast.ts';
import { NumberField } from '../../trading/form-fields.tsx';

type Field = 'trigger' | 'price' | 'number';

/** What a value typed changes: '' when it is the order's own (compared exactly). */
function changed(typed: string, own: string | null): string {
  const a = parseDecimal(typed.trim());
  return own !== null && a !== null && a.equals(own) ? '' : typed.trim();
}

export function TriggerAmendDialog(p: {
  order: SpotTriggerView;
  onDone: (saved: boolean) => void;
}) {
  const { t, tv } = useI18n();
  const o = p.order;
  const ticker = useSignalValue(tickerSignal(o.symbol));
  const [base, quote] = o.symbol.split('/');
  const priceDp = ticker?.pricePrecision ?? 8;
  const amountDp = ticker?.amountPrecision ?? 8;
  const [typed, setTyped] = useState<Record<Field, string>>({
    trigger: o.trigger,
    price: o.price ?? '',
    number: o.number,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string | undefined>>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const limit = o.price !== null;
  const onValue = (f: Field) => (v: string) => {
    setTyped((x) => ({ ...x, [f]: v }));
    setErrors((e) => ({ ...e, [f]: undefined }));
    setRefusal(null);
  };

  const save = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const r = await engine.amendSpotTrigger({
      id: o.id,
      side: o.side,
      limit,
      trigger: changed(typed.trigger, o.trigger),
      price: limit ? changed(typed.price, o.price) : '',
      number: changed(typed.number, o.number),
    });
    setBusy(false);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('spot.stop.amended'));
      p.onDone(true);
      return;
    }
    if (r.code === 'invalid') {
      const word = (id: ValidationId | undefined) => (id === undefined ? undefined : tv(id));
      const f = r.fields;
      setErrors({
        trigger: word(f['trigger']),
        price: word(f['price']),
        number: word(f['number']),
      });
    }
    // the server's refusal (a reached trigger, the funds) stays in the dialog beside the fields
    setRefusal(failureMessage(r));
    toast.error(failureMessage(r));
  };

  return (
    <Modal
      open
      title={t('spot.stop.amendTitle', { symbol: o.symbol })}
      onClose={() => {
        if (!busy) p.onDone(false);
      }}
      testId="trigger-amend"
      size="form"
      onSubmit={() => void save()}
    >
      <NumberField
        name="amend-trigger"
        label={t('spot.stop.trigger')}
        unit={quote ?? ''}
        value={typed.trigger}
        onValue={onValue('trigger')}
        maxDecimals={priceDp}
        error={errors.trigger}
      />
      {limit && (
        <NumberField
          name="amend-price"
          label={t('spot.form.price')}
          unit={quote ?? ''}
          value={typed.price}
          onValue={onValue('price')}
          maxDecimals={priceDp}
          error={errors.price}
        />
      )}
      <NumberField
        name="amend-number"
        label={t('spot.form.amount')}
        unit={base ?? ''}
        value={typed.number}
        onValue={onValue('number')}
        maxDecimals={amountDp}
        error={errors.number}
      />
      {refusal !== null && (
        <p className="form-error" role="alert" data-testid="trigger-amend-refusal">
          {refusal}
        </p>
      )}
      <p className="dialog__body muted">{t('spot.stop.amendNote')}</p>
      <DialogFooter
        cancelLabel={t('spot.amend.discard')}
        onCancel={() => {
          if (!busy) p.onDone(false);
        }}
        submitLabel={busy ? t('spot.amend.saving') : t('spot.amend.save')}
        busy={busy}
        submitTestId="trigger-amend-save"
      />
    </Modal>
  );
}
