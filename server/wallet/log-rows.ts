// Ledger rows (account_log) as the log lists show them: signed value, localized explanation
// written from the type code and the memo's machine data, "Y-m-d H:i:s" time.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { LogItemOut } from '../../src/shared/wire/wallet.ts';
import { formatTime } from '../http/format.ts';
import { t } from '../i18n/messages.ts';
import { LOG_TYPE } from './ledger.ts';

export interface LogDbRow {
  id: number;
  field: string;
  delta: string;
  before: string;
  after: string;
  type: number;
  memo: string;
  created_at: Date | string;
  currency_name: string;
}

const TYPE_IDS: Readonly<Record<number, string>> = {
  [LOG_TYPE.demoGrant]: 'ledger.demoGrant',
  [LOG_TYPE.spotTrade]: 'ledger.spotTrade',
  [LOG_TYPE.spotCancel]: 'ledger.spotCancel',
  [LOG_TYPE.spotTriggerHold]: 'ledger.spotTriggerHold',
  [LOG_TYPE.spotTriggerRelease]: 'ledger.spotTriggerRelease',
  [LOG_TYPE.transfer]: 'ledger.transfer',
  [LOG_TYPE.withdrawLock]: 'ledger.withdrawLock',
  [LOG_TYPE.withdrawSent]: 'ledger.withdrawSent',
  [LOG_TYPE.withdrawRefund]: 'ledger.withdrawRefund',
  [LOG_TYPE.deposit]: 'ledger.deposit',
  [LOG_TYPE.acceptorBuy]: 'ledger.acceptorBuy',
  [LOG_TYPE.acceptorSellLock]: 'ledger.acceptorSellLock',
  [LOG_TYPE.acceptorSellDone]: 'ledger.acceptorSellDone',
  [LOG_TYPE.acceptorSellRefund]: 'ledger.acceptorSellRefund',
  [LOG_TYPE.microStake]: 'ledger.microStake',
  [LOG_TYPE.microFee]: 'ledger.microFee',
  [LOG_TYPE.microWin]: 'ledger.microWin',
  [LOG_TYPE.microDraw]: 'ledger.microDraw',
  [LOG_TYPE.leverMargin]: 'ledger.leverMargin',
  [LOG_TYPE.leverFee]: 'ledger.leverFee',
  [LOG_TYPE.leverClose]: 'ledger.leverClose',
  [LOG_TYPE.leverCancel]: 'ledger.leverCancel',
  [LOG_TYPE.leverLiquidation]: 'ledger.leverLiquidation',
  [LOG_TYPE.leverOvernight]: 'ledger.leverOvernight',
  [LOG_TYPE.c2cFreeze]: 'ledger.c2cFreeze',
  [LOG_TYPE.c2cUnfreeze]: 'ledger.c2cUnfreeze',
  [LOG_TYPE.c2cRelease]: 'ledger.c2cRelease',
  [LOG_TYPE.c2cReceive]: 'ledger.c2cReceive',
  [LOG_TYPE.lockupDeposit]: 'ledger.lockupDeposit',
  [LOG_TYPE.lockupCancel]: 'ledger.lockupCancel',
  [LOG_TYPE.lockupReturn]: 'ledger.lockupReturn',
  [LOG_TYPE.lockupWithdraw]: 'ledger.lockupWithdraw',
  [LOG_TYPE.loanDisbursed]: 'ledger.loanDisbursed',
};

/** The account name of a field: "change_balance" → "change", "lock_change_balance" → "lock_change". */
export const accountOfField = (field: string): string => field.replace(/_balance$/, '');

export function logInfo(lang: Lang, type: number, memo: string): string {
  const id = TYPE_IDS[type] ?? 'ledger.other';
  const ref = /#(\d+)/.exec(memo)?.[1] ?? '';
  const move = /^(legal|change|lever|micro)>(legal|change|lever|micro)$/.exec(memo);
  const from = move?.[1] === undefined ? '' : t(lang, `wallet.account.${move[1]}`);
  const to = move?.[2] === undefined ? '' : t(lang, `wallet.account.${move[2]}`);
  return t(lang, id, { ref: ref === '' ? '' : `#${ref}`, from, to });
}

export function toLogItem(lang: Lang, r: LogDbRow): LogItemOut {
  return {
    id: r.id,
    value: new Decimal(r.delta).toFixed(),
    info: logInfo(lang, r.type, r.memo),
    created_time: formatTime(new Date(r.created_at)),
    account: accountOfField(r.field),
    type: r.type,
    currency_name: r.currency_name,
    before: new Decimal(r.before).toFixed(),
    after: new Decimal(r.after).toFixed(),
  };
}
