// C2C rules shared by the page, the engine and the reference server (trading-c2c-market.md §5,
// §9; api-contract §8): quantities and CNY prices with at most 2 decimals, above zero, a pay way.
/** An ad's side as the wire names it, and the ways it is paid (one list, server and engine). */
export const C2C_TYPES = ['buy', 'sell'] as const;
export const C2C_WAYS = ['bank', 'we_chat', 'ali_pay'] as const;
export type C2cType = (typeof C2C_TYPES)[number];
export type C2cWay = (typeof C2C_WAYS)[number];

export type C2cValidationId =
  | 'validation.c2c.numberRequired'
  | 'validation.c2c.sellNumberRequired'
  | 'validation.c2c.priceRequired'
  | 'validation.c2c.wayRequired'
  | 'validation.c2c.currencyRequired';

/** The accounts of a user's payout details (cash info) that c2c pays into. */
export interface PayoutAccounts {
  bankAccount: string;
  alipayAccount: string;
  wechatAccount: string;
}

/**
 * Whether payout details can receive a payment by `way` (issue 20): a bank card needs a bank
 * account (saved with its bank), Alipay an Alipay account, WeChat a WeChat account. The seller
 * side of a deal is paid by the ad's way only: the publisher of a sell ad, the taker of a buy ad.
 */
export function canBePaidBy(c: PayoutAccounts, way: C2cWay): boolean {
  const account =
    way === 'bank' ? c.bankAccount : way === 'ali_pay' ? c.alipayAccount : c.wechatAccount;
  return account.trim() !== '';
}

/** c2c lists page by 10 ("more" shows when a page returned 10 or more, spec §9). */
export const C2C_PAGE_SIZE = 10;
/** Decimals of c2c quantities and CNY prices. */
export const C2C_DECIMALS = 2;
const TWO_DP = /^\d+(\.\d{1,2})?$/;
const positive = (v: string): boolean => TWO_DP.test(v.trim()) && Number(v.trim()) > 0;

export function validateC2cPublish(v: {
  type: 'buy' | 'sell';
  number: string;
  price: string;
  way: string | null;
  currencyId: number | null;
}): Partial<Record<'number' | 'price' | 'way' | 'currency', C2cValidationId>> {
  const errors: Partial<Record<'number' | 'price' | 'way' | 'currency', C2cValidationId>> = {};
  if (v.currencyId === null) errors.currency = 'validation.c2c.currencyRequired';
  if (!positive(v.number))
    errors.number =
      v.type === 'sell' ? 'validation.c2c.sellNumberRequired' : 'validation.c2c.numberRequired';
  if (!positive(v.price)) errors.price = 'validation.c2c.priceRequired';
  if (v.way === null || !['bank', 'we_chat', 'ali_pay'].includes(v.way))
    errors.way = 'validation.c2c.wayRequired';
  return errors;
}
