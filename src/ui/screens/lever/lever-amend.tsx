// Changing a waiting contract order (issue 44, ADR 0068), from its row's Edit: its hands, its
// limit price (not a stop-market's: it opens at the mark) and a waiting conditional order's
// trigger, in one dialog and one call. Before sending it shows the margin and fee the order will
// hold and the difference, figured with the formulas the server charges with. Only what changed
// is sent; an error stays under its field and what was typed stays; a refusal (a reached
// trigger, the funds) is said in the dialog; success closes it.
import { useState } from 'react';
import type { LeverDealView, LeverPositionView } from '../../../engine/api.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';
import { openFigures } from '../../../shared/lever.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { failureMessage } from '../../i18n/result-message.ts';
import { DialogFooter, Modal } from '../../kit/modal.tsx';
import { toast } from '../../toast/toast.ts';
import { NumberField } from '../../trading/form-fields.tsx';
import { LEVER_DP, priceDpOf, quoteOf, sideText } from './stop-dialog.tsx';

type Field = 'share' | 'price' | 'trigger';

/** What a value typed changes: '' when it is the order's own (compared exactly). */
function changed(typed: string, own: string): string {
  const a = parseDecimal(typed.trim());
  return a !== null && a.equals(own) ? '' : typed.trim();
}

/** Which of the order's values can change: a waiting trigger, a limit price. */
export function amendable(o: LeverPositionView): { trigger: boolean; price: boolean } {
  const waiting = o.trigger?.state === 'waiting';
  return { trigger: waiting, price: !(waiting && o.trigger?.market === true) };
}

/** Margin and fee the order would hold with the values typed; null while they are not figures. */
function heldWith(
  o: LeverPositionView,
  deal: LeverDealView | null,
  typed: Record<Field, string>,
): Decimal | null {
  if (deal === null || o.reduceOnly) return null;
  const share = /^[1-9]\d*$/.test(typed.share.trim()) ? Number(typed.share.trim()) : null;
  const market = !amendable(o).price;
  const reference = parseDecimal((market ? typed.trigger : typed.price).trim());
  if (share === null || reference === null || !reference.greaterThan(0)) return null;
  const f = openFigures(o.side, reference, share, o.multiple, deal);
  return f.margin.plus(f.fee);
}

export function LeverAmendDialog(p: {
  order: LeverPositionView;
  deal: LeverDealView | null;
  onDone: () => void;
}) {
  const { t, tv } = useI18n();
  const o = p.order;
  const can = amendable(o);
  const dp = p.deal?.pricePrecision ?? priceDpOf(o.symbol);
  const quote = quoteOf(o.symbol);
  const own: Record<Field, string> = {
    share: new Decimal(o.share).toFixed(0),
    price: o.originPrice,
    trigger: o.trigger?.price ?? '',
  };
  const [typed, setTyped] = useState<Record<Field, string>>(own);
  const [errors, setErrors] = useState<Partial<Record<Field, string | undefined>>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onValue = (f: Field) => (v: string) => {
    setTyped((x) => ({ ...x, [f]: v }));
    setErrors((e) => ({ ...e, [f]: undefined }));
    setRefusal(null);
  };
  const before = new Decimal(o.margin).plus(o.fee);
  const after = heldWith(o, p.deal, typed);

  const save = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const r = await engine.leverCommand('amend', {
      id: o.id,
      share: changed(typed.share, own.share),
      price: can.price ? changed(typed.price, own.price) : '',
      trigger: can.trigger ? changed(typed.trigger, own.trigger) : '',
    });
    setBusy(false);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('lever.amend.done'));
      p.onDone();
      return;
    }
    if (r.code === 'invalid') {
      const word = (id: ValidationId | undefined) => (id === undefined ? undefined : tv(id));
      const f = r.fields;
      setErrors({ share: word(f['share']), price: word(f['price']), trigger: word(f['trigger']) });
    }
    setRefusal(failureMessage(r));
    toast.error(failureMessage(r));
  };
  const close = () => {
    if (!busy) p.onDone();
  };

  return (
    <Modal
      open
      title={t('lever.amend.title', { side: sideText(t, o.side), symbol: o.symbol })}
      onClose={close}
      testId="lever-amend"
      size="form"
      onSubmit={() => void save()}
    >
      {can.trigger && (
        <NumberField
          name="amend-trigger"
          label={t('lever.amend.trigger')}
          unit={quote}
          value={typed.trigger}
          onValue={onValue('trigger')}
          maxDecimals={dp}
          error={errors.trigger}
        />
      )}
      {can.price && (
        <NumberField
          name="amend-price"
          label={t('lever.form.price')}
          unit={quote}
          value={typed.price}
          onValue={onValue('price')}
          maxDecimals={dp}
          error={errors.price}
        />
      )}
      <NumberField
        name="amend-share"
        label={t('lever.form.hands')}
        unit={t('lever.form.handsUnit')}
        value={typed.share}
        onValue={onValue('share')}
        maxDecimals={0}
        error={errors.share}
      />
      {!o.reduceOnly && <HeldLine before={before} after={after} quote={quote} />}
      {refusal !== null && (
        <p className="form-error" role="alert" data-testid="lever-amend-refusal">
          {refusal}
        </p>
      )}
      <p className="dialog__body muted">
        {t(o.reduceOnly ? 'lever.amend.noteReduce' : 'lever.amend.note')}
      </p>
      <DialogFooter
        cancelLabel={t('spot.amend.discard')}
        onCancel={close}
        submitLabel={busy ? t('spot.amend.saving') : t('spot.amend.save')}
        busy={busy}
        submitTestId="lever-amend-save"
      />
    </Modal>
  );
}

/** What the order holds now, and with the values typed: "Margin and fee held: 666.67 → 1,333.33". */
function HeldLine(p: { before: Decimal; after: Decimal | null; quote: string }) {
  const { t, fmt } = useI18n();
  const money = (d: Decimal) => fmt.fixed(d.toFixed(), LEVER_DP.money);
  const { before, after } = p;
  const sign =
    after === null || after.equals(before) ? 'same' : after.greaterThan(before) ? 'more' : 'less';
  return (
    <p className="dialog__body lever-amend__held" data-testid="lever-amend-held" aria-live="polite">
      {after === null
        ? t('lever.amend.heldNow', { held: money(before), quote: p.quote })
        : t('lever.amend.held', {
            before: money(before),
            after: money(after),
            diff: money(after.minus(before).abs()),
            sign,
            quote: p.quote,
          })}
    </p>
  );
}
