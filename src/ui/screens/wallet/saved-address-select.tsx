// The withdraw panel's picker of saved addresses (issue 20 item 14): the user's address book
// for the chosen currency as a labelled native select (keyboard and screen-reader friendly);
// picking one fills the address field, typing shows the matching entry as chosen. With no
// saved address it says so and links to the address book.
import { useId } from 'react';
import { Link } from 'react-router';
import type { WithdrawAddressView } from '../../../engine/api.ts';
import { addressKey } from '../../../shared/wallet.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { WALLET_PATH } from '../../kit/account-shell.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import '../../styles/account-records.css';

/** The saved addresses of `currencyId`, loaded once per currency; nothing while loading. */
export function SavedAddressPicker({
  currencyId,
  currency,
  address,
  onPick,
}: {
  currencyId: number;
  currency: string;
  address: string;
  onPick: (address: string) => void;
}) {
  const { state } = useAccountQuery('addresses', { currencyId });
  if (state.data === null) return null;
  return (
    <SavedAddressSelect saved={state.data} currency={currency} address={address} onPick={onPick} />
  );
}

export function SavedAddressSelect({
  saved,
  currency,
  address,
  onPick,
}: {
  saved: readonly WithdrawAddressView[];
  currency: string;
  address: string;
  onPick: (address: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const manage = (
    <Link className="saved-addr__manage" to={WALLET_PATH.withdrawAddress}>
      {t('wallet.withdraw.savedManage')}
    </Link>
  );
  if (saved.length === 0)
    return (
      <p className="saved-addr saved-addr--none muted" data-testid="withdraw-saved-none">
        {t('wallet.withdraw.savedNone', { currency })} {manage}
      </p>
    );
  const chosen = savedAddressId(saved, address);
  return (
    <div className="field saved-addr">
      <label className="field__label" htmlFor={id}>
        {t('wallet.withdraw.saved')}
      </label>
      <div className="field__row">
        <select
          id={id}
          name="savedAddress"
          className="field__select-input mono"
          value={chosen === null ? '' : String(chosen)}
          onChange={(e) => {
            const picked = saved.find((a) => String(a.id) === e.target.value);
            if (picked !== undefined) onPick(picked.address);
          }}
          data-testid="withdraw-saved-address"
        >
          <option value="">{t('wallet.withdraw.savedChoose')}</option>
          {saved.map((a) => (
            <option key={a.id} value={a.id}>
              {a.notes === ''
                ? a.address
                : t('wallet.withdraw.savedOption', { notes: a.notes, address: a.address })}
            </option>
          ))}
        </select>
      </div>
      {manage}
    </div>
  );
}

/** The id of the saved entry that `address` is (compared as the address book compares), or null. */
export function savedAddressId(
  saved: readonly WithdrawAddressView[],
  address: string,
): number | null {
  if (address.trim() === '') return null;
  const key = addressKey(address);
  return saved.find((a) => addressKey(a.address) === key)?.id ?? null;
}
