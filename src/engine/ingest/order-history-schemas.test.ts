// Issue 20 at the engine's edge: the order history's finished orders and the account area's
// entrusts keep what the order really did (average fill price, the limit apart, ordered and
// filled quantity, how it ended); a legacy reply gains no field (recorded hashes stay).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import { orderHistoryPage, orderOutcome } from './order-history-schemas.ts';
import { entrustItemRow } from './wallet-schemas.ts';

const entrust = {
  id: 31,
  create_time: '2024-05-01 10:00:00',
  legal_name: 'USDT',
  currency_name: 'BTC',
  account_number: 'a@b.co',
  type: 'in',
};

describe('finished spot orders at the edge', () => {
  it('an entrust of the completed list keeps its fill price apart from its own', () => {
    const market = entrustItemRow.parse({
      ...entrust,
      price: '69211.00',
      number: '0.0300',
      total_number: '0.0300',
      status: 1,
      complete_number: '0.0300',
      avg_price: '69211.00',
      mode: 1,
    });
    expect(market).toEqual({
      id: 31,
      time: '2024-05-01 10:00:00',
      legal: 'USDT',
      currency: 'BTC',
      number: '0.03',
      price: '69211',
      account: 'a@b.co',
      type: 'in',
      total: '0.03',
      filled: '0.03',
      avgPrice: '69211',
      mode: 1,
      outcome: 'filled',
    });
    const cut = entrustItemRow.parse({
      ...entrust,
      price: '69300.00',
      number: '0.0100',
      total_number: '0.0300',
      status: 2,
      complete_number: '0.0100',
      avg_price: '69300.00',
      limit_price: '69500.00',
      mode: 2,
    });
    expect(cut).toMatchObject({
      avgPrice: '69300',
      limitPrice: '69500',
      outcome: 'part-cancelled',
    });
    const resting = entrustItemRow.parse({
      ...entrust,
      price: '60000.00',
      number: '0.0100',
      total_number: '0.0100',
      status: 0,
      complete_number: '0.0000',
      limit_price: '60000.00',
      mode: 2,
    });
    expect(resting).not.toHaveProperty('outcome');
    expect(resting).not.toHaveProperty('avgPrice');
  });

  it('a legacy entrust and a legacy page gain no field', () => {
    expect(
      Object.keys(entrustItemRow.parse({ ...entrust, price: '1', number: '2' })).sort(),
    ).toEqual(['account', 'currency', 'id', 'legal', 'number', 'price', 'time', 'type']);
  });

  it('a history row must be a finished order with its quantities', () => {
    const row = {
      id: 5,
      type: 'out',
      currency_name: 'BTC',
      legal_name: 'USDT',
      mode: 2,
      status: 2,
      total_number: '1.0000',
      complete_number: '0.0000',
      limit_price: '70000.00',
      fee: '0',
      create_time: '2024-05-01 10:00:00',
    };
    const page = orderHistoryPage.parse({ list: [row], page: 1, pages: 1, total: 1 });
    expect(page.list[0]).toEqual({
      id: 5,
      side: 'sell',
      symbol: 'BTC/USDT',
      price: '0',
      number: '0',
      fee: '0',
      time: '2024-05-01 10:00:00',
      outcome: 'cancelled',
      total: '1',
      limitPrice: '70000',
      mode: 2,
    });
    expect(orderHistoryPage.safeParse({ list: [{ ...row, status: 0 }] }).success).toBe(false);
    const { complete_number: _gone, ...noFilled } = row;
    expect(orderHistoryPage.safeParse({ list: [noFilled] }).success).toBe(false);
  });

  it('the outcome: filled for status 1; cancelled after a fill or untouched for status 2', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        (status, units, dp) => {
          const digits = units.toString().padStart(dp + 1, '0');
          const filled = (
            dp === 0 ? digits : `${digits.slice(0, -dp)}.${digits.slice(-dp)}`
          ) as DecStr;
          const outcome = orderOutcome(status, filled);
          if (status === 1) expect(outcome).toBe('filled');
          else expect(outcome).toBe(units > 0n ? 'part-cancelled' : 'cancelled');
        },
      ),
    );
  });
});
