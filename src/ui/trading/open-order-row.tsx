// One open order in the orders panel, with cancel and amend in place (issue 44, ADR 0055):
// "Edit" turns its price and amount into inputs holding the order's values; Enter or "Save"
// sends the change (the amount is the order's new total), Escape or "Discard" leaves it. The
// server keeps the order in the queue when only the amount went down, else replaces it; the
// toast says which. A refusal keeps what was typed and says why under the field or in a toast.
// A held row (an earlier page session's) can neither be cancelled nor amended.
import { memo, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { OpenOrderView } from '../../engine/api.ts';
import { DECIMALS } from '../../shared/constants.ts';
import { fixed, parseDecimal } from '../../shared/decimal.ts';
import type { SpotSide } from '../../shared/spot.ts';
import { amountInputProps, useAmountIssue } from '../forms/amount-input.tsx';
import { busyProps } from '../components/busy-button.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { failureMessage } from '../i18n/result-message.ts';
import { toast } from '../toast/toast.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import type { PairMeta } from './pair-meta.ts';

interface RowProps {
  order: OpenOrderView;
  meta: PairMeta;
  held: boolean;
  onCancel: (order: OpenOrderView) => void;
}

export const OpenRow = memo(function OpenRow({ order: o, meta, held, onCancel }: RowProps) {
  const { t, fmt } = useI18n();
  const [editing, setEditing] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    setEditing(false);
    requestAnimationFrame(() => edit.current?.focus());
  };
  return (
    <tr data-order-id={o.id} data-side={o.side} data-editing={editing || undefined}>
      <td className="orders__time muted cell--meta">{fmt.dateTime(o.createTime)}</td>
      <td className="orders__pair cell--head">{o.symbol}</td>
      <td className="orders__side cell--head">
        <SideLabel side={o.side} />
        {o.groupId !== undefined && (
          <span className="orders__tag" data-testid="scale-tag">
            {t('spot.scale.tag')}
          </span>
        )}
      </td>
      {editing ? (
        <AmendCells order={o} meta={meta} onDone={close} />
      ) : (
        <>
          <td className="num" data-label={t('spot.orders.price')}>
            {fmt.fixed(o.price, meta.pricePrecision)}
          </td>
          <td className="num" data-label={t('spot.orders.amount')}>
            {fmt.fixed(o.totalNumber, meta.amountPrecision)}
          </td>
        </>
      )}
      <td className="num" data-label={t('spot.orders.filled')}>
        {fmt.fixed(o.completeNumber, meta.amountPrecision)}
      </td>
      <td className="num" data-label={t('spot.orders.remaining')}>
        {fmt.fixed(o.number, meta.amountPrecision)}
      </td>
      <td className="num" data-label={t('spot.orders.total')}>
        {fmt.fixed(o.totalMoney, DECIMALS.price)}
      </td>
      <td className="orders__action cell--actions">
        {!editing && (
          <>
            <button
              ref={edit}
              type="button"
              className="orders__cancel"
              data-testid="amend-order"
              disabled={held}
              aria-label={t('spot.amend.editLabel', { id: o.id })}
              onClick={() => setEditing(true)}
            >
              {t('spot.amend.edit')}
            </button>{' '}
            <button
              type="button"
              className="orders__cancel"
              data-testid="cancel-order"
              disabled={held}
              onClick={() => onCancel(o)}
            >
              {t('spot.orders.cancel')}
            </button>
            {o.groupId !== undefined && <CancelScale group={o.groupId} held={held} />}
          </>
        )}
      </td>
    </tr>
  );
});

type Field = 'price' | 'number';

/** The price and amount cells in edit, with Save and Discard under them. */
function AmendCells({
  order: o,
  meta,
  onDone,
}: {
  order: OpenOrderView;
  meta: PairMeta;
  onDone: () => void;
}) {
  const { t, tv } = useI18n();
  const [typed, setTyped] = useState<Record<Field, string>>({
    price: fixed(o.price, meta.pricePrecision),
    number: fixed(o.totalNumber, meta.amountPrecision),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string | undefined>>>({});
  /** What was typed in a field, its error gone with the old value. */
  const onValue = (field: Field) => (v: string) => {
    setTyped((x) => ({ ...x, [field]: v }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const [busy, setBusy] = useState(false);
  // the user asked to edit this row: the price takes the focus
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.select(), []);
  const save = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const r = await engine.amendSpotOrder({
      id: o.id,
      side: o.side,
      price: sameAs(typed.price, o.price) ? '' : typed.price,
      number: sameAs(typed.number, o.totalNumber) ? '' : typed.number,
    });
    setBusy(false);
    if (r.ok) {
      toast.success(r.message);
      onDone();
      return;
    }
    if (r.code === 'invalid') {
      const f = r.fields;
      setErrors({
        price: f['price'] === undefined ? undefined : tv(f['price']),
        number: f['number'] === undefined ? undefined : tv(f['number']),
      });
    }
    toast.error(failureMessage(r));
  };
  const keys = (e: KeyboardEvent): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (!busy) onDone();
    }
  };
  return (
    <>
      <td className="num cell--edit" data-label={t('spot.orders.price')}>
        <AmendInput
          name="amend-price"
          label={t('spot.amend.priceLabel', { id: o.id })}
          value={typed.price}
          decimals={meta.pricePrecision}
          error={errors.price}
          onValue={onValue('price')}
          onKeyDown={keys}
          inputRef={first}
        />
      </td>
      <td className="num cell--edit" data-label={t('spot.orders.amount')}>
        <AmendInput
          name="amend-number"
          label={t('spot.amend.numberLabel', { id: o.id })}
          value={typed.number}
          decimals={meta.amountPrecision}
          error={errors.number}
          onValue={onValue('number')}
          onKeyDown={keys}
        />
        <span className="amend__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            data-testid="amend-save"
            {...busyProps(busy)}
            onClick={() => void save()}
          >
            {busy ? t('spot.amend.saving') : t('spot.amend.save')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid="amend-discard"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onDone();
            }}
          >
            {t('spot.amend.discard')}
          </button>
        </span>
      </td>
    </>
  );
}

function AmendInput(p: {
  name: string;
  label: string;
  value: string;
  decimals: number;
  error: string | undefined;
  onValue: (v: string) => void;
  onKeyDown: (e: KeyboardEvent) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const issue = useAmountIssue(p.value, p.decimals);
  const message = issue ?? p.error;
  const errorId = `${p.name}-error`;
  return (
    <span className="amend__field">
      <input
        name={p.name}
        className="amend__input num"
        {...amountInputProps(p.value, p.onValue)}
        aria-label={p.label}
        aria-invalid={message === undefined ? undefined : true}
        aria-describedby={message === undefined ? undefined : errorId}
        onKeyDown={p.onKeyDown}
        ref={p.inputRef}
      />
      {message !== undefined && (
        <span id={errorId} className="field__error" role="alert">
          {message}
        </span>
      )}
    </span>
  );
}

/** Whether a typed amount is the order's own value (no change to send), compared exactly. */
function sameAs(typed: string, value: string): boolean {
  const a = parseDecimal(typed.trim());
  return a !== null && a.equals(value);
}

export function SideLabel({ side }: { side: SpotSide }) {
  const { t } = useI18n();
  return side === 'buy' ? (
    <span className="is-up">{t('spot.orders.buy')}</span>
  ) : (
    <span className="is-down">{t('spot.orders.sell')}</span>
  );
}

/** "Cancel scale": every open order of the row's scale order, behind the house confirmation. */
function CancelScale({ group, held }: { group: number; held: boolean }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    const r = await engine.cancelSpotScale({ group });
    setBusy(false);
    setAsking(false);
    if (r.ok) toast.success(r.message || t('spot.scale.cancelled'));
    else toast.error(failureMessage(r));
  };
  return (
    <>
      {' '}
      <button
        type="button"
        className="orders__cancel"
        data-testid="cancel-scale"
        disabled={held}
        onClick={() => setAsking(true)}
      >
        {t('spot.scale.cancelAll')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('spot.scale.cancelTitle')}
        body={t('spot.scale.cancelBody')}
        confirmLabel={t('spot.cancel.sure')}
        cancelLabel={t('spot.cancel.dismiss')}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => {
          if (!busy) setAsking(false);
        }}
        testId="scale-cancel-confirm"
      />
    </>
  );
}
