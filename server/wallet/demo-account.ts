// The demo account, created on first start with balances in every currency, each written
// through the ledger (account_log) like any other balance change.
import { Decimal } from '../../src/shared/decimal.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { findUser, insertUser } from '../accounts/users.ts';
import { isEmail } from '../../src/shared/validation.ts';
import type { Database } from '../db/database.ts';
import type { BalanceField } from './ledger.ts';
import { changeBalance, LOG_TYPE } from './ledger.ts';

/** Per currency name: change (spot), legal (fiat), lever, micro amounts. */
const GRANTS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  USDT: ['10000', '5000', '2000', '1000'],
  BTC: ['0.5', '0.1', '0', '0'],
  ETH: ['5', '1', '0', '0'],
  LTC: ['20', '0', '0', '0'],
  XRP: ['5000', '0', '0', '0'],
  DOGE: ['20000', '0', '0', '0'],
  TRX: ['30000', '0', '0', '0'],
  BCH: ['4', '0', '0', '0'],
  EOS: ['3000', '0', '0', '0'],
  ADA: ['8000', '0', '0', '0'],
  DOT: ['250', '0', '0', '0'],
};
const FIELDS: readonly BalanceField[] = [
  'change_balance',
  'legal_balance',
  'lever_balance',
  'micro_balance',
];

/** Creates the demo account unless it exists; returns its id. */
export async function ensureDemoAccount(
  db: Database,
  account: string,
  password: string,
  nowMs: number,
): Promise<number> {
  const existing = await findUser(db, account);
  if (existing !== null) return existing.id;
  const passwordHash = await hashPassword(password);
  const currencies = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM currencies',
  );
  return db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      kind: isEmail(account) ? 'email' : 'mobile',
      account,
      passwordHash,
      areaCode: null,
      countryCode: null,
      invitedBy: null,
      nowMs,
    });
    for (const c of currencies) {
      const amounts = GRANTS[c.name] ?? ['0', '0', '0', '0'];
      for (const [i, field] of FIELDS.entries()) {
        const delta = new Decimal(amounts[i] ?? '0');
        if (delta.isZero()) continue;
        await changeBalance(tx, {
          userId: id,
          currencyId: c.id,
          field,
          delta,
          type: LOG_TYPE.demoGrant,
          memo: 'demo account grant',
          nowMs,
        });
      }
    }
    return id;
  });
}
