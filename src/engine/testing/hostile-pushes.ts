// Hostile input for the push fuzz test (push-fuzz.test.ts): for every push event the engine
// listens to (transport/socket.ts PUSH_EVENTS), a valid payload that changes something, the
// fields that make it (with their kind and whether they may be left out), and fast-check
// arbitraries of values no field of that kind may take: wrong types, unicode digits, huge
// numbers and exponents, overlong texts. Used by tests only.
import fc from 'fast-check';
import { decStr } from '../../shared/decimal.ts';
import type { EngineEvent } from '../events.ts';
import type { EngineState } from '../store.ts';
import { USER_ID, WATCHED } from './fault-world.ts';

export type FieldKind =
  | 'int'
  | 'decimal'
  | 'amount'
  | 'symbol'
  | 'list'
  | 'object'
  | 'string'
  /** One of these texts exactly. */
  | { oneOf: readonly string[] }
  /** A text matching `re`; `nearMisses` are texts that almost do. */
  | { matching: RegExp; nearMisses: readonly string[] };

export interface FieldSpec {
  /** Path into the payload ("data.0.price"). */
  path: string;
  kind: FieldKind;
  /** Absent (or null) makes the payload malformed. */
  required: boolean;
}

export interface PushSpec {
  event: string;
  /** The event a valid payload becomes. */
  name: EngineEvent['name'];
  /** The n-th valid payload (n unique per call), given the engine's state. */
  valid(n: number, state: EngineState): Record<string, unknown>;
  fields: readonly FieldSpec[];
  /** What a valid push visibly does: change the state, or fetch again (its effect is async). */
  effect: 'state' | 'fetch';
}

const SYMBOL_RE = /^[^/\s]+\/[^/\s]+$/;

const wrongType = fc.constantFrom<unknown>({}, [], true, false, { value: '1' }, [['1', '2']]);
const unicodeDigits = fc.constantFrom('١٢٣', '１２', '۱.۵', '𝟏𝟐', '一', '٣.٥', '²', 'Ⅻ');
const hugeDecimals = fc.constantFrom<unknown>(
  '1e1000000000',
  '1e99999999999999999',
  '-1e-99999999999',
  '1e65',
  '9'.repeat(65),
  `0.${'0'.repeat(70)}1`,
  1e300,
  'Infinity',
  '-Infinity',
  'NaN',
);
const malformedNumberText = fc.constantFrom(
  '',
  ' ',
  '1,5',
  '1_000',
  '0x1F',
  '--1',
  '1.2.3',
  '1e',
  '.',
  '$1',
  '1 000',
);
/** Any text (graphemes: emoji, combining marks, scripts), as long as it is no decimal. */
const notDecimalText = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .filter((s) => decStr(s) === null);

const decimalHostile: fc.Arbitrary<unknown> = fc.oneof(
  wrongType,
  unicodeDigits,
  hugeDecimals,
  malformedNumberText,
  notDecimalText,
);

const intHostile: fc.Arbitrary<unknown> = fc.oneof(
  wrongType,
  unicodeDigits,
  malformedNumberText,
  fc.constantFrom<unknown>(
    1.5,
    '1.5',
    '1e3',
    '+1',
    ' 1',
    2 ** 60,
    -(2 ** 60),
    '99999999999999999999',
    '-9007199254740993',
    1e300,
    'Infinity',
    'NaN',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)),
  fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !/^-?\d+$/.test(s)),
);

const symbolHostile: fc.Arbitrary<unknown> = fc.oneof(
  wrongType,
  fc.constantFrom<unknown>('BTCUSDT', '', ' BTC/USDT', 'BTC/USDT ', 'A/B/C', 'BTC /USDT', '/', 42),
  fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !SYMBOL_RE.test(s)),
);

const listHostile: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  5,
  true,
  {},
  { 0: ['1', '1'] },
  'not JSON',
  '{"price":"1"}',
  'null',
);

/** Values a field of `kind` may never take; `required` adds null (absence is tested apart). */
export function hostileValue(kind: FieldKind, required: boolean): fc.Arbitrary<unknown> {
  const base = hostileOf(kind);
  return required ? fc.oneof(base, fc.constant(null)) : base;
}

function hostileOf(kind: FieldKind): fc.Arbitrary<unknown> {
  if (typeof kind === 'object' && 'oneOf' in kind)
    return fc.oneof(
      wrongType,
      fc.constantFrom<unknown>(1, 2),
      fc.string({ unit: 'grapheme', maxLength: 8 }).filter((s) => !kind.oneOf.includes(s)),
    );
  if (typeof kind === 'object')
    return fc.oneof(
      wrongType,
      fc.constantFrom<unknown>(42, ...kind.nearMisses),
      fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !kind.matching.test(s)),
    );
  switch (kind) {
    case 'int':
      return intHostile;
    case 'decimal':
      return decimalHostile;
    case 'amount':
      return fc.oneof(decimalHostile, fc.constantFrom<unknown>('-1', -1, '-0.001', -0.5));
    case 'symbol':
      return symbolHostile;
    case 'list':
      return listHostile;
    case 'object':
      return fc.constantFrom<unknown>(5, 'x', [], true, [{}]);
    case 'string':
      return fc.constantFrom<unknown>(5, true, {}, []);
  }
}

/** A copy of `payload` with `path` set to `value` (or removed when `value` is ABSENT). */
export function withField(
  payload: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head = '', ...rest] = path.split('.');
  const copy = structuredClone(payload) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  let key = head;
  for (const next of rest) {
    const child = target[key];
    if (typeof child !== 'object' || child === null) return copy;
    target = child as Record<string, unknown>;
    key = next;
  }
  if (value === ABSENT) delete target[key];
  else target[key] = value;
  return copy;
}

export const ABSENT: unique symbol = Symbol('absent');

const position = (id: number, price: string) => ({
  id,
  type: 1,
  symbol: WATCHED,
  legal: 1,
  currency: 2,
  status: 1,
  share: '1',
  number: '1',
  multiple: 10,
  price,
  caution_money: '10',
  profits: '0',
  transaction_time: '2024-01-01 00:00:00',
});

const req = (path: string, kind: FieldKind): FieldSpec => ({ path, kind, required: true });
const opt = (path: string, kind: FieldKind): FieldSpec => ({ path, kind, required: false });
/** `update_balance_<uid>` and the like: the id a safe integer. */
const typeText = (prefix: string): FieldKind => ({
  matching: new RegExp(`^${prefix}(_\\d{1,15})?$`),
  nearMisses: [
    `${prefix}_`,
    `${prefix}_x`,
    `${prefix}_١٢`,
    `${prefix}_１２`,
    `${prefix}_99999999999999999999`,
    `${prefix}_42 `,
    `${prefix.toUpperCase()}_42`,
    `${prefix}-42`,
  ],
});
const price = (n: number): string => `${100 + (n % 50)}.${n % 10}`;

export const PUSH_SPECS: readonly PushSpec[] = [
  {
    event: 'market_depth',
    name: 'book.delta',
    valid: (n, s) => ({
      type: 'market_depth',
      symbol: WATCHED,
      mode: 'delta',
      seq: (s.spot.book.seq ?? 0) + 1,
      prev_seq: s.spot.book.seq ?? 0,
      bids: [[price(n), `${1 + (n % 4)}`]],
      asks: [],
    }),
    fields: [
      req('symbol', 'symbol'),
      req('seq', 'int'),
      req('prev_seq', 'int'),
      req('bids', 'list'),
      req('asks', 'list'),
      req('bids.0.0', 'amount'),
      req('bids.0.1', 'amount'),
      opt('mode', { oneOf: ['snapshot', 'delta'] }),
    ],
    effect: 'state',
  },
  {
    event: 'market_detail',
    name: 'trades.push',
    valid: (n) => ({
      type: 'market_detail',
      symbol: WATCHED,
      seq: 10_000 + n,
      data: [
        {
          id: 100_000 + n,
          price: price(n),
          amount: '0.5',
          direction: n % 2 === 0 ? 'buy' : 'sell',
          ts: 1_800_000_000_000 + n,
          time: '00:00:00',
        },
      ],
    }),
    fields: [
      req('symbol', 'symbol'),
      opt('seq', 'int'),
      req('data', 'list'),
      req('data.0.id', 'int'),
      req('data.0.ts', 'int'),
      req('data.0.price', 'amount'),
      req('data.0.amount', 'amount'),
      req('data.0.direction', { oneOf: ['buy', 'sell'] }),
    ],
    effect: 'state',
  },
  {
    event: 'daymarket',
    name: 'market.daymarket',
    valid: (n, s) => ({
      type: 'daymarket',
      symbol: WATCHED,
      now_price: price(n),
      close: price(n),
      change: '+1.5',
      high: '200',
      low: '50',
      volume: `${n}`,
      seq: (s.market.pushSeq[WATCHED] ?? 0) + 1,
    }),
    fields: [
      req('symbol', 'symbol'),
      req('change', 'decimal'),
      req('high', 'decimal'),
      req('low', 'decimal'),
      req('volume', 'decimal'),
      opt('now_price', 'decimal'),
      opt('close', 'decimal'),
      opt('seq', 'int'),
      opt('server_time', 'int'),
    ],
    effect: 'state',
  },
  {
    event: 'kline',
    name: 'market.kline',
    valid: (n) => ({
      type: 'kline',
      symbol: WATCHED,
      period: '1min',
      time: 1_800_000_000_000 + n * 60_000,
      open: '100',
      high: '120',
      low: '90',
      close: price(n),
      volume: '3',
      seq: n,
    }),
    fields: [
      req('symbol', 'symbol'),
      req('period', 'string'),
      req('time', 'int'),
      req('close', 'decimal'),
      opt('open', 'decimal'),
      opt('high', 'decimal'),
      opt('low', 'decimal'),
      opt('volume', 'decimal'),
      opt('seq', 'int'),
    ],
    effect: 'state',
  },
  {
    event: 'transaction',
    name: 'spot.transaction',
    valid: (n) => ({
      type: 'transaction',
      in: [{ price: '99', number: '1' }],
      out: JSON.stringify([{ price: '101', number: '2' }]),
      last_price: `${300 + n}`,
      currency_id: 2,
      legal_id: 1,
      content: '',
    }),
    fields: [
      req('in', 'list'),
      req('out', 'list'),
      req('in.0.price', 'amount'),
      req('in.0.number', 'amount'),
      req('last_price', 'decimal'),
      req('currency_id', 'int'),
      req('legal_id', 'int'),
    ],
    effect: 'state',
  },
  {
    event: 'update_balance',
    name: 'spot.balance',
    valid: () => ({ type: `update_balance_${USER_ID}` }),
    fields: [req('type', typeText('update_balance'))],
    effect: 'fetch',
  },
  {
    event: 'update_user',
    name: 'session.user-changed',
    valid: () => ({ type: `update_user_${USER_ID}` }),
    fields: [req('type', typeText('update_user'))],
    effect: 'fetch',
  },
  {
    event: 'lever_trade',
    name: 'lever.trade',
    valid: (n) => ({
      type: 'lever_trade',
      to: USER_ID,
      hazard_rate: '150',
      profits_all: '0',
      caution_money_all: '10',
      trades_all: [position(7, price(n))],
      trades_entrust: '[]',
      legal_id: 1,
      currency_id: 2,
      balance: `${1000 + n}`,
      server_time: 1_800_000_000_000 + n,
    }),
    fields: [
      opt('type', { oneOf: ['lever_trade'] }),
      opt('to', 'int'),
      opt('hazard_rate', 'decimal'),
      opt('profits_all', 'decimal'),
      opt('caution_money_all', 'decimal'),
      opt('balance', 'decimal'),
      opt('legal_id', 'int'),
      opt('currency_id', 'int'),
      opt('server_time', 'int'),
      req('trades_all', 'list'),
      req('trades_entrust', 'list'),
      req('trades_all.0.id', 'int'),
      req('trades_all.0.type', 'int'),
      req('trades_all.0.status', 'int'),
      req('trades_all.0.share', 'decimal'),
      req('trades_all.0.price', 'decimal'),
      opt('trades_all.0.multiple', 'int'),
      opt('trades_all.0.caution_money', 'decimal'),
    ],
    effect: 'state',
  },
  {
    event: 'closed_microorder',
    name: 'micro.closed',
    valid: (n) => ({
      data: {
        id: 500 + n,
        match_id: 11,
        symbol_name: WATCHED,
        currency_name: 'USDT',
        type: 1,
        seconds: 60,
        number: '10',
        open_price: '100',
        end_price: price(n),
        profit_ratio: '80',
        fee: '0.1',
        status: 3,
        profit_result: 1,
        fact_profits: '8',
        created_at: '2024-01-01 00:00:00',
        end_time: 1_800_000_000_000,
        server_time: 1_800_000_000_000,
      },
    }),
    fields: [
      req('data', 'object'),
      req('data.id', 'int'),
      req('data.type', 'int'),
      req('data.seconds', 'int'),
      req('data.status', 'int'),
      req('data.number', 'decimal'),
      opt('data.open_price', 'decimal'),
      opt('data.fact_profits', 'decimal'),
      opt('data.end_time', 'int'),
      opt('data.server_time', 'int'),
    ],
    effect: 'state',
  },
  {
    event: 'notification',
    name: 'notices.pushed',
    valid: (n) => ({
      type: 'notification',
      notification: {
        id: 5000 + n,
        kind: 'wallet.deposit',
        params: { currency: 'USDT', amount: '12.5', result: 'approved' },
        created_at: 1_800_000_000_000,
        read: false,
      },
    }),
    fields: [
      req('notification', 'object'),
      req('notification.id', 'int'),
      req('notification.kind', { oneOf: ['wallet.deposit', 'wallet.withdrawal'] }),
      req('notification.params', 'object'),
      req('notification.params.amount', 'decimal'),
      req('notification.params.result', { oneOf: ['approved', 'rejected'] }),
      req('notification.created_at', 'int'),
    ],
    effect: 'state',
  },
  {
    event: 'notification_read',
    name: 'notices.read',
    valid: (n) => ({ type: 'notification_read', ids: [n + 1], unread: n + 1 }),
    fields: [req('ids', 'list'), req('unread', 'int')],
    effect: 'state',
  },
  {
    event: 'c2c_deal',
    name: 'c2c.deal',
    valid: (n) => ({
      deal: {
        id: 900 + n,
        legal_deal_send_id: 3,
        type: 'sell',
        way: 'bank',
        way_name: 'Bank',
        currency_name: 'USDT',
        number: '10',
        price: '7.1',
        deal_money: '71',
        is_sure: 0,
        seller_name: 'seller',
        user_name: 'buyer',
        hes_realname: 'S.',
        format_create_time: '2024-01-01 00:00:00',
        format_update_time: '2024-01-01 00:00:00',
        deadline: 1_800_000_900_000,
        server_time: 1_800_000_000_000,
      },
    }),
    fields: [
      req('deal', 'object'),
      req('deal.id', 'int'),
      req('deal.legal_deal_send_id', 'int'),
      req('deal.type', { oneOf: ['buy', 'sell'] }),
      req('deal.way', { oneOf: ['bank', 'we_chat', 'ali_pay'] }),
      req('deal.number', 'decimal'),
      req('deal.price', 'decimal'),
      req('deal.is_sure', 'int'),
      opt('deal.deal_money', 'decimal'),
      opt('deal.deadline', 'int'),
      opt('deal.server_time', 'int'),
      opt('deal.side', { oneOf: ['buy', 'sell'] }),
    ],
    effect: 'state',
  },
];
