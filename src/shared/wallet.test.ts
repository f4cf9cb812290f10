// The shared wallet rules: the same answers on the page, in the engine and on the server.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import {
  ADDRESS_MAX_LENGTH,
  addressKey,
  checkAddress,
  checkImageFile,
  IMAGE_MAX_BYTES,
  isSavedAddress,
  securityStrength,
  validateAddressEntry,
  validateCashInfo,
  validateIdentity,
  validatePayment,
  validateTransfer,
  validateWithdraw,
  withdrawFee,
} from './wallet.ts';

const amount = fc
  .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([i, f]) => new Decimal(`${i}.${String(f).padStart(8, '0')}`));
const rate = fc
  .integer({ min: 0, max: 10_000 })
  .map((n) => new Decimal(n).dividedBy(100).toFixed());

describe('withdrawFee', () => {
  it('fee + received = amount exactly; 0 ≤ fee ≤ amount; fee has at most 8 decimals and never undercharges', () => {
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        const { fee, received } = withdrawFee(a, r);
        expect(fee.plus(received).equals(a)).toBe(true);
        expect(fee.isNegative()).toBe(false);
        expect(fee.lessThanOrEqualTo(a.times(r).dividedBy(100).plus('0.00000001'))).toBe(true);
        expect(fee.greaterThanOrEqualTo(a.times(r).dividedBy(100))).toBe(true);
        expect(fee.decimalPlaces()).toBeLessThanOrEqual(8);
      }),
    );
  });

  it('0.5 % of 123.45 is 0.61725', () => {
    expect(withdrawFee(new Decimal('123.45'), '0.5').fee.toFixed()).toBe('0.61725');
  });
});

describe('form rules', () => {
  it('transfer: different accounts, a positive amount within the available and the maximum', () => {
    const base = { from: 'change', to: 'lever', available: '100' } as const;
    expect(validateTransfer({ ...base, amount: '50' })).toEqual({});
    expect(validateTransfer({ ...base, amount: '' }).amount).toBe(
      'validation.wallet.amountRequired',
    );
    expect(validateTransfer({ ...base, amount: '-1' }).amount).toBe(
      'validation.wallet.amountRequired',
    );
    // an exponent, a sign or letters are never read as a number (a "1e1" is not 10)
    for (const typed of ['1e1', '5e1abc', '+5', '1,5', '0x10', ' 1 0 '])
      expect(validateTransfer({ ...base, amount: typed }).amount, typed).toBe(
        'validation.wallet.amountRequired',
      );
    expect(validateTransfer({ ...base, amount: '100.01' }).amount).toBe(
      'validation.wallet.insufficient',
    );
    expect(validateTransfer({ ...base, amount: '100000000', available: null }).amount).toBe(
      'validation.wallet.amountTooLarge',
    );
    expect(validateTransfer({ ...base, to: 'change', amount: '1' }).to).toBe(
      'validation.wallet.sameAccount',
    );
    expect(validateTransfer({ ...base, amount: '99.99', leverPage: true }).amount).toBe(
      'validation.wallet.leverMinimum',
    );
  });

  it('withdraw: address without spaces, bank fields on the bank tab, min and max', () => {
    const rules = { min: '10', max: '500', rate: '0.5' };
    const base = {
      network: 'erc20',
      address: '0xabc',
      realName: '',
      bankName: '',
      bankAccount: '',
      rules,
    } as const;
    expect(validateWithdraw({ ...base, amount: '20' })).toEqual({});
    expect(validateWithdraw({ ...base, amount: '9' }).amount).toBe(
      'validation.wallet.belowMinimum',
    );
    expect(validateWithdraw({ ...base, amount: '501' }).amount).toBe(
      'validation.wallet.aboveMaximum',
    );
    expect(validateWithdraw({ ...base, amount: '20', address: '0x a' }).address).toBe(
      'validation.wallet.addressSpaces',
    );
    expect(validateWithdraw({ ...base, network: 'bank', amount: '20' })).toMatchObject({
      realName: 'validation.wallet.realNameRequired',
      bankName: 'validation.wallet.bankNameRequired',
      address: 'validation.wallet.bankAccountRequired',
    });
  });

  it('address book, images, identity, payout details, payment', () => {
    expect(validateAddressEntry({ currencyId: null, address: '', notes: 'a b' })).toEqual({
      currency: 'validation.wallet.currencyRequired',
      address: 'validation.wallet.addressRequired',
      notes: 'validation.wallet.notesInvalid',
    });
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('validation.image.type');
    expect(checkImageFile({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(
      'validation.image.size',
    );
    expect(checkImageFile({ type: 'image/jpeg', size: IMAGE_MAX_BYTES })).toBeNull();
    const id = { name: 'Ada', cardId: 'X1', cardType: 1, front: 'a', reverse: 'b', hand: 'c' };
    expect(validateIdentity(id)).toEqual({});
    expect(validateIdentity({ ...id, name: 'Ada 2' }).name).toBe('validation.identity.nameDigits');
    expect(validateIdentity({ ...id, cardId: '身份证' }).cardId).toBe(
      'validation.identity.cardChinese',
    );
    expect(validateIdentity({ ...id, hand: '' }).images).toBe('validation.identity.imagesRequired');
    expect(validateIdentity({ ...id, cardType: 4 }).cardType).toBe('validation.identity.cardType');
    const cash = {
      realName: 'Ada',
      bankName: '',
      bankAccount: '',
      alipayAccount: '',
      wechatNickname: '',
      wechatAccount: '',
    };
    expect(Object.keys(validateCashInfo(cash)).length).toBeGreaterThan(0);
    expect(validateCashInfo({ ...cash, alipayAccount: 'ada@example.com' })).toEqual({});
    expect(Object.keys(validatePayment({ account: '', amount: '0' })).length).toBe(2);
  });
});

describe('security strength (spec §4)', () => {
  it('25 % plus 25 for a phone, an e-mail and an approved real name; levels by total', () => {
    expect(securityStrength({ phone: null, email: null, reviewStatus: 0 })).toEqual({
      percent: 25,
      level: 'low',
    });
    expect(securityStrength({ phone: null, email: 'a@b.co', reviewStatus: 1 })).toEqual({
      percent: 50,
      level: 'intermediate',
    });
    expect(securityStrength({ phone: '1', email: 'a@b.co', reviewStatus: 0 })).toEqual({
      percent: 75,
      level: 'high',
    });
    expect(securityStrength({ phone: '1', email: 'a@b.co', reviewStatus: 2 })).toEqual({
      percent: 100,
      level: 'strong',
    });
  });
});

describe('withdraw addresses (issue 20 item 14)', () => {
  it('a too-long or malformed address has its own message, on withdraw and address book', () => {
    const long = `0x${'a'.repeat(498)}`;
    expect(checkAddress(long)).toBe('validation.wallet.addressTooLong');
    expect(checkAddress('0x'.padEnd(ADDRESS_MAX_LENGTH, 'b'))).toBeNull();
    expect(checkAddress('0x'.padEnd(ADDRESS_MAX_LENGTH + 1, 'b'))).toBe(
      'validation.wallet.addressTooLong',
    );
    expect(checkAddress('0x<script>')).toBe('validation.wallet.addressInvalid');
    expect(checkAddress('地址abc')).toBe('validation.wallet.addressInvalid');
    expect(checkAddress('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBeNull();
    expect(checkAddress('0x a')).toBe('validation.wallet.addressSpaces');
    const base = { network: 'erc20', realName: '', bankName: '', bankAccount: '' } as const;
    expect(validateWithdraw({ ...base, amount: '1', address: long, rules: null }).address).toBe(
      'validation.wallet.addressTooLong',
    );
    expect(validateAddressEntry({ currencyId: 1, address: long, notes: '' }).address).toBe(
      'validation.wallet.addressTooLong',
    );
  });

  it('hex and bech32 addresses compare without case, base58 ones exactly', () => {
    const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(addressKey(evm)).toBe(addressKey(evm.toLowerCase()));
    expect(addressKey(' bc1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ ')).toBe(
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    const tron = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    expect(addressKey(tron)).not.toBe(addressKey(tron.toLowerCase()));
    expect(isSavedAddress(evm.toLowerCase(), [evm])).toBe(true);
    expect(isSavedAddress(tron.toLowerCase(), [tron])).toBe(false);
    expect(isSavedAddress(` ${tron} `, [tron])).toBe(true);
  });

  it('the address book refuses an address already saved for the currency', () => {
    const saved = ['0xABCDEF0123'];
    expect(
      validateAddressEntry({ currencyId: 1, address: '0xabcdef0123', notes: '', saved }),
    ).toEqual({ address: 'validation.wallet.addressDuplicate' });
    expect(
      validateAddressEntry({ currencyId: 1, address: '0xabcdef0124', notes: '', saved }),
    ).toEqual({});
  });
});
