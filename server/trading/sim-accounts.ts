// The simulated accounts (api-contract §13: simulated market making, labelled): two market
// makers and one taker, flagged `is_simulated = 1`, and the house fee account
// (`is_simulated = 2`, a real ledger account that receives spot fees). None can log in: their
// password hash is not a valid scrypt record.
import type { Database } from '../db/database.ts';
import { findUser, insertUser } from '../accounts/users.ts';

export interface SimAccountIds {
  makers: number[];
  taker: number;
  fees: number;
}

const MAKERS = ['maker-1@sim.bourse.local', 'maker-2@sim.bourse.local'];
const TAKER = 'taker@sim.bourse.local';
const FEES = 'fees@house.bourse.local';

async function ensure(db: Database, account: string, flag: number, nowMs: number): Promise<number> {
  const existing = await findUser(db, account);
  if (existing !== null) return existing.id;
  const id = await insertUser(db, {
    kind: 'email',
    account,
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs,
  });
  await db.query('UPDATE users SET is_simulated = $1 WHERE id = $2', [flag, id]);
  return id;
}

export async function ensureSimAccounts(db: Database, nowMs: number): Promise<SimAccountIds> {
  const makers: number[] = [];
  for (const m of MAKERS) makers.push(await ensure(db, m, 1, nowMs));
  return {
    makers,
    taker: await ensure(db, TAKER, 1, nowMs),
    fees: await ensure(db, FEES, 2, nowMs),
  };
}
