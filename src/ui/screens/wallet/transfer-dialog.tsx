// Transfer in / out of an account (spec §2: dialogs with an amount and an "all" button; lever
// page: at least 100 and a confirmation). Validated with the shared rules as the user types;
// what was typed stays on an error.
import { useEffect, useState } from 'react';
import type { AccountName } from '../../../engine/api.ts';
import { validateTransfer } from '../../../shared/wallet.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { Field } from '../../kit/field.tsx';
import { DialogFooter, Modal } from '../../kit/modal.tsx';
import { useWallet } from '../../kit/use-wallet.ts';
import { UNKNOWN } from '../../kit/asset-table.tsx';
import { amountForInput } from '../../forms/amount-text.ts';
import { FALLBACK_DECIMALS } from '../../forms/currency-decimals.ts';
import { anyAmountIssue } from '../../forms/amount-text.ts';

export interface TransferTarget {
  currencyId: number;
  currency: string;
  from: AccountName;
  to: AccountName;
}

interface TransferDialogProps {
  target: TransferTarget | null;
  /** The lever transfer page's rules: at least 100, and a second confirmation. */
  leverPage?: boolean;
  onClose: () => void;
}

/** The source's available amount (2 decimals on transfer pages); "--" while not known. */
export function TransferAvailable({
  available,
  known,
  currency,
}: {
  available: string;
  /** false: the balances are not loaded (or only held from an earlier page session) */
  known: boolean;
  currency: string;
}) {
  const { t, fmt } = useI18n();
  return (
    <div className="form-row">
      <span>{t('wallet.transfer.available')}</span>
      <strong className="num" data-testid="transfer-available">
        {known ? fmt.amount(available, 2) : UNKNOWN} {currency}
      </strong>
    </div>
  );
}

export function TransferDialog({ target, leverPage = false, onClose }: TransferDialogProps) {
  const { t, tv } = useI18n();
  const wallet = useWallet();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<ValidationId | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const open = target !== null;
  // the dialog stays mounted between transfers, and each one starts empty
  useEffect(() => {
    if (!open) return;
    setAmount('');
    setError(null);
    setConfirming(false);
  }, [open]);

  const source =
    target === null
      ? undefined
      : wallet.accounts[target.from].rows.find((r) => r.currencyId === target.currencyId);
  const available = source?.available ?? '0';
  // held balances (a page opened offline) are not what a transfer may move: unknown until loaded
  const known = wallet.loaded;
  const decimals = source?.decimals ?? FALLBACK_DECIMALS;

  const check = (): boolean => {
    if (target === null) return false;
    const errors = validateTransfer({
      amount,
      from: target.from,
      to: target.to,
      available,
      leverPage,
    });
    const first = errors.amount ?? errors.to ?? null;
    setError(first);
    return first === null && !anyAmountIssue([amount, decimals]);
  };

  const send = async () => {
    if (busy || target === null) return;
    setBusy(true);
    const r = await engine.accountCommand('transfer', {
      currencyId: target.currencyId,
      from: target.from,
      to: target.to,
      amount,
      available,
      leverPage,
    });
    setBusy(false);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('wallet.transfer.done'));
      onClose();
      return;
    }
    if (r.code === 'invalid') setError(Object.values(r.fields)[0] ?? null);
    setConfirming(false);
    toast.error(failureMessage(r));
  };

  const submit = () => {
    if (busy || !check()) return;
    if (leverPage && !confirming) {
      setConfirming(true);
      return;
    }
    void send();
  };

  return (
    <Modal
      open={open}
      title={target === null ? '' : t('wallet.transfer.dialogTitle', { currency: target.currency })}
      onClose={onClose}
      testId="transfer-dialog"
      size="form"
      closeButton={false}
      onSubmit={submit}
    >
      {target !== null && (
        <>
          <div className="form-grid">
            <div className="form-row">
              <span>{t('wallet.transfer.from')}</span>
              <strong>{t(`wallet.account.${target.from}`)}</strong>
            </div>
            <div className="form-row">
              <span>{t('wallet.transfer.to')}</span>
              <strong>{t(`wallet.account.${target.to}`)}</strong>
            </div>
            <Field
              name="amount"
              label={t('wallet.transfer.amount')}
              value={amount}
              decimals={decimals}
              onValue={(v) => {
                setAmount(v);
                setError(null);
                setConfirming(false);
              }}
              error={error === null ? undefined : tv(error)}
              addon={
                <button
                  type="button"
                  className="max-btn"
                  disabled={!known}
                  onClick={() => setAmount(amountForInput(available, decimals))}
                  data-testid="transfer-all"
                >
                  {t('wallet.transfer.all')}
                </button>
              }
            />
            <TransferAvailable available={available} known={known} currency={target.currency} />
            {leverPage && <p className="notice-bar">{t('wallet.transfer.leverRule')}</p>}
            {confirming && (
              <p className="notice-bar" role="alert">
                {t('wallet.transfer.confirm', {
                  amount,
                  currency: target.currency,
                  from: t(`wallet.account.${target.from}`),
                  to: t(`wallet.account.${target.to}`),
                })}
              </p>
            )}
          </div>
          <DialogFooter
            cancelLabel={t('common.cancel')}
            onCancel={onClose}
            submitLabel={confirming ? t('wallet.transfer.sure') : t('wallet.transfer.submit')}
            busy={busy}
            disabled={!known}
            submitTestId="transfer-submit"
          />
        </>
      )}
    </Modal>
  );
}
