// The one owner of the intl object (CONVENTIONS 8). English is bundled as the fallback; the
// other languages are loaded by dynamic import before the first render. `t` takes a MessageId,
// a key of locales/en.json, so a wrong id fails the type check. A language change reloads the
// page (spec §4), so the intl object never changes while the page lives.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import en from '../../../locales/en.json';
import { BCP47, DEFAULT_LANG, toLang, type Lang } from '../../shared/locales.ts';
import type { SpotValidationId } from '../../shared/spot.ts';
import type { ValidationId } from '../../shared/validation.ts';
import { storage } from '../storage.ts';
import {
  changeDirection,
  formatAmount,
  formatChange,
  formatCompact,
  formatDate,
  formatDateTime,
  formatFixed,
  formatPercent,
  formatTime,
} from './format.ts';

export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

// Every validation id of the shared rules must be a message id (checked at compile time).
const validationIds: Record<ValidationId | SpotValidationId, MessageId> = {
  'validation.accountRequired': 'validation.accountRequired',
  'validation.accountTooLong': 'validation.accountTooLong',
  'validation.passwordRequired': 'validation.passwordRequired',
  'validation.passwordLength': 'validation.passwordLength',
  'validation.passwordChars': 'validation.passwordChars',
  'validation.confirmRequired': 'validation.confirmRequired',
  'validation.passwordMismatch': 'validation.passwordMismatch',
  'validation.codeRequired': 'validation.codeRequired',
  'validation.emailInvalid': 'validation.emailInvalid',
  'validation.phoneInvalid': 'validation.phoneInvalid',
  'validation.accountFormat': 'validation.accountFormat',
  'validation.agreementRequired': 'validation.agreementRequired',
  'validation.emailRequired': 'validation.emailRequired',
  'validation.spot.priceRequired': 'validation.spot.priceRequired',
  'validation.spot.numberRequired': 'validation.spot.numberRequired',
  'validation.spot.sellPriceRequired': 'validation.spot.sellPriceRequired',
  'validation.spot.sellNumberRequired': 'validation.spot.sellNumberRequired',
  'validation.c2c.numberRequired': 'validation.c2c.numberRequired',
  'validation.lock.amountRequired': 'validation.lock.amountRequired',
  'validation.lock.belowMin': 'validation.lock.belowMin',
  'validation.lock.aboveMax': 'validation.lock.aboveMax',
  'validation.lock.insufficient': 'validation.lock.insufficient',
  'validation.loan.amountRequired': 'validation.loan.amountRequired',
  'validation.loan.amountInvalid': 'validation.loan.amountInvalid',
  'validation.loan.dayRequired': 'validation.loan.dayRequired',
  'validation.loan.telRequired': 'validation.loan.telRequired',
  'validation.loan.telInvalid': 'validation.loan.telInvalid',
  'validation.loan.addressRequired': 'validation.loan.addressRequired',
  'validation.loan.ageRequired': 'validation.loan.ageRequired',
  'validation.loan.ageInvalid': 'validation.loan.ageInvalid',
  'validation.loan.incomeRequired': 'validation.loan.incomeRequired',
  'validation.loan.incomeInvalid': 'validation.loan.incomeInvalid',
  'validation.loan.countryRequired': 'validation.loan.countryRequired',
  'validation.loan.agreeRequired': 'validation.loan.agreeRequired',
  'validation.loan.imageRequired': 'validation.loan.imageRequired',
  'validation.c2c.sellNumberRequired': 'validation.c2c.sellNumberRequired',
  'validation.c2c.priceRequired': 'validation.c2c.priceRequired',
  'validation.c2c.wayRequired': 'validation.c2c.wayRequired',
  'validation.c2c.currencyRequired': 'validation.c2c.currencyRequired',
  'validation.micro.numberRequired': 'validation.micro.numberRequired',
  'validation.micro.secondsRequired': 'validation.micro.secondsRequired',
  'validation.micro.numberStep': 'validation.micro.numberStep',
  'validation.micro.numberBelowMin': 'validation.micro.numberBelowMin',
  'validation.micro.numberAboveMax': 'validation.micro.numberAboveMax',
  'validation.lever.multipleRequired': 'validation.lever.multipleRequired',
  'validation.lever.priceRequired': 'validation.lever.priceRequired',
  'validation.lever.shareInteger': 'validation.lever.shareInteger',
  'validation.lever.shareBelowMin': 'validation.lever.shareBelowMin',
  'validation.lever.shareAboveMax': 'validation.lever.shareAboveMax',
  'validation.lever.pairMissing': 'validation.lever.pairMissing',
  'validation.lever.stopInvalid': 'validation.lever.stopInvalid',
  'validation.lever.stopStep': 'validation.lever.stopStep',
  'validation.lever.trailRate': 'validation.lever.trailRate',
  'validation.lever.triggerInvalid': 'validation.lever.triggerInvalid',
  'validation.wallet.amountRequired': 'validation.wallet.amountRequired',
  'validation.wallet.amountTooLarge': 'validation.wallet.amountTooLarge',
  'validation.wallet.sameAccount': 'validation.wallet.sameAccount',
  'validation.wallet.insufficient': 'validation.wallet.insufficient',
  'validation.wallet.leverMinimum': 'validation.wallet.leverMinimum',
  'validation.wallet.addressRequired': 'validation.wallet.addressRequired',
  'validation.wallet.addressSpaces': 'validation.wallet.addressSpaces',
  'validation.wallet.addressTooLong': 'validation.wallet.addressTooLong',
  'validation.wallet.addressInvalid': 'validation.wallet.addressInvalid',
  'validation.wallet.addressDuplicate': 'validation.wallet.addressDuplicate',
  'validation.wallet.notesInvalid': 'validation.wallet.notesInvalid',
  'validation.wallet.currencyRequired': 'validation.wallet.currencyRequired',
  'validation.wallet.belowMinimum': 'validation.wallet.belowMinimum',
  'validation.wallet.aboveMaximum': 'validation.wallet.aboveMaximum',
  'validation.wallet.realNameRequired': 'validation.wallet.realNameRequired',
  'validation.wallet.bankNameRequired': 'validation.wallet.bankNameRequired',
  'validation.wallet.bankAccountRequired': 'validation.wallet.bankAccountRequired',
  'validation.wallet.voucherRequired': 'validation.wallet.voucherRequired',
  'validation.identity.nameRequired': 'validation.identity.nameRequired',
  'validation.identity.nameDigits': 'validation.identity.nameDigits',
  'validation.identity.cardRequired': 'validation.identity.cardRequired',
  'validation.identity.cardChinese': 'validation.identity.cardChinese',
  'validation.identity.imagesRequired': 'validation.identity.imagesRequired',
  'validation.identity.cardType': 'validation.identity.cardType',
  'validation.image.type': 'validation.image.type',
  'validation.image.size': 'validation.image.size',
  'validation.acceptor.mobileRequired': 'validation.acceptor.mobileRequired',
  'validation.acceptor.accountRequired': 'validation.acceptor.accountRequired',
  'validation.acceptor.amountRequired': 'validation.acceptor.amountRequired',
  'validation.acceptor.wayRequired': 'validation.acceptor.wayRequired',
  'validation.cash.methodRequired': 'validation.cash.methodRequired',
  'validation.cash.wechatAccountRequired': 'validation.cash.wechatAccountRequired',
  'validation.cash.tooLong': 'validation.cash.tooLong',
  'validation.payment.accountRequired': 'validation.payment.accountRequired',
  'validation.alert.directionRequired': 'validation.alert.directionRequired',
  'validation.alert.priceRequired': 'validation.alert.priceRequired',
  'validation.alert.priceFormat': 'validation.alert.priceFormat',
  'validation.alert.priceDecimals': 'validation.alert.priceDecimals',
  'validation.alert.priceTooLarge': 'validation.alert.priceTooLarge',
  'validation.alert.alreadyAbove': 'validation.alert.alreadyAbove',
  'validation.alert.alreadyBelow': 'validation.alert.alreadyBelow',
};

type Catalogue = Record<string, string>;
const loaders = import.meta.glob<Catalogue>(
  ['../../../locales/*.json', '!../../../locales/en.json'],
  { import: 'default' },
);
const cache = createIntlCache();

let lang: Lang = DEFAULT_LANG;
let intl: IntlShape = makeIntl(DEFAULT_LANG, en);

function makeIntl(l: Lang, messages: Catalogue): IntlShape {
  return createIntl(
    {
      locale: BCP47[l],
      defaultLocale: 'en',
      messages,
      onError: (err) => {
        if (import.meta.env.DEV) console.warn('[i18n]', err.message);
      },
    },
    cache,
  );
}

/** The language chosen by the user (stored under `lang`, or the older `locale`). */
export function storedLang(): Lang {
  return toLang(storage.get('lang') ?? storage.get('locale') ?? DEFAULT_LANG);
}

/** Load the catalogue of the stored language (English keys fill any gap). Call before render. */
export async function initI18n(): Promise<Lang> {
  lang = storedLang();
  let messages: Catalogue = en;
  const load = loaders[`../../../locales/${lang}.json`];
  if (lang !== 'en' && load !== undefined) {
    try {
      messages = { ...en, ...(await load()) };
    } catch {
      messages = en;
    }
  }
  intl = makeIntl(lang, messages);
  plainMessages.clear();
  document.documentElement.lang = BCP47[lang];
  return lang;
}

export function currentLang(): Lang {
  return lang;
}

export function locale(): string {
  return BCP47[lang];
}

/** Messages without values, once formatted (the panels that re-render with the live data
 *  read the same labels every frame; formatMessage's own cache costs more than a lookup). */
const plainMessages = new Map<MessageId, string>();

export function t(id: MessageId, values?: MessageValues): string {
  if (values !== undefined) return intl.formatMessage({ id }, values);
  let text = plainMessages.get(id);
  if (text === undefined) {
    text = intl.formatMessage({ id });
    plainMessages.set(id, text);
  }
  return text;
}

/** The message of a shared validation rule (account forms and the spot order form). */
export function tv(id: ValidationId | SpotValidationId): string {
  return t(validationIds[id]);
}

export const fmt = {
  fixed: (value: string, dp: number): string => formatFixed(value, dp, BCP47[lang]),
  /** A balance or available amount: rounded toward zero, never shown larger than it is. */
  amount: (value: string, dp: number): string => formatAmount(value, dp, BCP47[lang]),
  change: (value: string): string => formatChange(value, BCP47[lang]),
  /** A rate in percent units, in the locale's percent format ("1,50 %" in Russian). */
  percent: (value: string, dp: number): string => formatPercent(value, dp, BCP47[lang]),
  /** A large figure shortened for a narrow column (volumes, turnover). */
  compact: (value: string): string => formatCompact(value, BCP47[lang]),
  direction: changeDirection,
  dateTime: (value: string | number): string => formatDateTime(value, BCP47[lang]),
  date: (value: string | number): string => formatDate(value, BCP47[lang]),
  time: (ms: number): string => formatTime(ms, BCP47[lang]),
};
