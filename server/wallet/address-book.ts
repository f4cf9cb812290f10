// The user's withdraw address book: at most ADDRESS_BOOK_MAX addresses, one entry per address
// and currency (hex and bech32 compared without case).
import { isSavedAddress } from '../../src/shared/wallet.ts';
import type { WithdrawAddressOut } from '../../src/shared/wire/funding.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { lockUser } from './ledger.ts';

export const ADDRESS_BOOK_MAX = 100;

export async function savedAddresses(
  db: Queryable,
  userId: number,
  currencyId: number,
): Promise<WithdrawAddressOut[]> {
  return db.query<WithdrawAddressOut & Record<string, unknown>>(
    `SELECT a.id, a.currency_id AS currency, c.name AS currency_name, a.address, a.notes
     FROM withdraw_addresses a JOIN currencies c ON c.id = a.currency_id
     WHERE a.user_id = $1 AND a.currency_id = $2 ORDER BY a.id DESC`,
    [userId, currencyId],
  );
}

/**
 * Adds an entry (the caller checked its form and currency). Counted and added under the user's
 * lock: parallel adds cannot pass the limit together. Throws when the book is full or holds
 * the address for that currency.
 */
export async function saveAddress(
  db: Database,
  userId: number,
  entry: { currency_id: number; address: string; notes: string },
  nowMs: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const count = await tx.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM withdraw_addresses WHERE user_id = $1',
      [userId],
    );
    if ((count[0]?.n ?? 0) >= ADDRESS_BOOK_MAX) throw new ApiError('wallet.addressBookFull');
    const saved = await tx.query<{ address: string }>(
      'SELECT address FROM withdraw_addresses WHERE user_id = $1 AND currency_id = $2',
      [userId, entry.currency_id],
    );
    if (
      isSavedAddress(
        entry.address,
        saved.map((r) => r.address),
      )
    )
      throw new ApiError('validation.wallet.addressDuplicate');
    await tx.query(
      `INSERT INTO withdraw_addresses (user_id, currency_id, address, notes, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [userId, entry.currency_id, entry.address, entry.notes, new Date(nowMs)],
    );
  });
}

/** Removes one of the user's entries; false when the user has no entry with that id. */
export async function deleteAddress(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM withdraw_addresses WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}
