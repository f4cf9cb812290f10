// Properties of the matching core over random sequences of orders and cancels: funds are
// conserved (available + locked over every account, fee account included), locked funds equal
// what resting orders hold, the book is never crossed and has no empty or zero-size level, and
// fills follow price-time priority (they equal those of a naive sort-everything model); a
// fill-or-kill order fills whole or not at all, a post-only order never takes, IOC never rests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BalanceOp, NewOrder, PairConfig } from './core.ts';
import { MemoryWallet, SpotCore } from './core.ts';
import type { Fill, RestingOrder, Side } from './order-book.ts';

const BASE = 2;
const QUOTE = 1;
const FEE_ACCOUNT = 99;
const USERS = [1, 2, 3, 4];

const pairOf = (feeRate: bigint): PairConfig => ({
  matchId: 1,
  currencyId: BASE,
  legalId: QUOTE,
  pricePrecision: 2,
  amountPrecision: 3,
  feeRate,
  bandBp: 500n,
});

type Cmd =
  | { t: 'place'; user: number; side: Side; kind: NewOrder['kind']; price: number; qty: number }
  | { t: 'cancel'; pick: number };

const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('place' as const),
      user: fc.constantFrom(...USERS),
      side: fc.constantFrom<Side>('buy', 'sell'),
      kind: fc.constantFrom<NewOrder['kind']>(
        'limit',
        'limit',
        'market',
        'ioc',
        'fok',
        'post_only',
      ),
      price: fc.integer({ min: 95, max: 105 }),
      qty: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }) },
);

/** The fills a naive model gives: sort every opposite order by price then age, fill greedily. */
function naiveFills(
  resting: readonly RestingOrder[],
  side: Side,
  limit: bigint,
  qty: bigint,
): Array<Pick<Fill, 'makerId' | 'price' | 'qty'>> {
  const opposite = resting
    .filter((o) => o.side !== side)
    .filter((o) => (side === 'buy' ? o.price <= limit : o.price >= limit))
    .sort((a, b) => {
      if (a.price !== b.price)
        return (side === 'buy' ? a.price < b.price : a.price > b.price) ? -1 : 1;
      return a.seq - b.seq;
    });
  const out: Array<Pick<Fill, 'makerId' | 'price' | 'qty'>> = [];
  let left = qty;
  for (const o of opposite) {
    if (left === 0n) break;
    const q = o.remaining < left ? o.remaining : left;
    out.push({ makerId: o.id, price: o.price, qty: q });
    left -= q;
  }
  return out;
}

function setup(feeRate: bigint) {
  const core = new SpotCore([pairOf(feeRate)], {
    feeAccount: FEE_ACCOUNT,
    paysFees: (u) => u !== 4, // user 4 plays a simulated account
  });
  const pair = core.pair(1);
  if (pair === null) throw new Error('pair');
  const wallet = new MemoryWallet();
  const grant: BalanceOp[] = [];
  for (const u of USERS) {
    grant.push({ userId: u, currencyId: QUOTE, field: 'available', delta: 10n ** 21n });
    grant.push({ userId: u, currencyId: BASE, field: 'available', delta: 10n ** 18n / 5n });
  }
  wallet.apply(grant);
  return { core, pair, wallet };
}

type World = ReturnType<typeof setup>;

function cancel({ core, wallet }: World, pick: number): void {
  const ids = [...core.book(1).allOrders()].map((o) => o.id).sort((a, b) => a - b);
  const id = ids.length === 0 ? undefined : ids[pick % ids.length];
  if (id === undefined) return;
  const plan = core.cancelPlan(1, id);
  if (plan === null) throw new Error('resting order without cancel plan');
  expect(wallet.apply(plan.ops)).toBe(true);
  core.cancelCommit(1, id);
}

function place({ core, wallet }: World, cmd: Extract<Cmd, { t: 'place' }>, id: number): void {
  const order: NewOrder = {
    userId: cmd.user,
    matchId: 1,
    side: cmd.side,
    kind: cmd.kind,
    price: BigInt(cmd.price),
    qty: BigInt(cmd.qty),
  };
  const before = [...core.book(1).allOrders()].map((o) => ({ ...o }));
  const plan = core.placePlan(order);
  const expected = kindRule(order, naiveFills(before, order.side, plan.limit, order.qty));
  expect(plan.fills.map((f) => ({ makerId: f.makerId, price: f.price, qty: f.qty }))).toEqual(
    expected,
  );
  for (const f of plan.fills) {
    // the maker's price, never worse than the taker's limit
    expect(order.side === 'buy' ? f.price <= plan.limit : f.price >= plan.limit).toBe(true);
  }
  expect(plan.filled + plan.rest + plan.cancelled).toBe(order.qty);
  // fill-or-kill: whole or nothing; post-only: never takes, rests whole or not at all; IOC and
  // market orders never rest
  if (order.kind === 'fok') expect([0n, order.qty]).toContain(plan.filled);
  if (order.kind === 'post_only') {
    expect(plan.fills).toEqual([]);
    expect(plan.rest).toBe(plan.wouldTake ? 0n : order.qty);
  }
  if (order.kind === 'ioc' || order.kind === 'market' || order.kind === 'fok')
    expect(plan.rest).toBe(0n);
  if (wallet.apply(plan.ops)) core.commit(plan, id);
}

/** What the order's kind makes of the naive fills: a fok all or none, a post-only none. */
function kindRule(
  order: NewOrder,
  fills: Array<Pick<Fill, 'makerId' | 'price' | 'qty'>>,
): Array<Pick<Fill, 'makerId' | 'price' | 'qty'>> {
  const reach = fills.reduce((s, f) => s + f.qty, 0n);
  if (order.kind === 'fok' && reach < order.qty) return [];
  if (order.kind === 'post_only') return [];
  return fills;
}

/** Locked balances are exactly what resting orders hold; nothing is negative. */
function checkLocks({ core, pair, wallet }: World): void {
  for (const u of [...USERS, FEE_ACCOUNT]) {
    let quoteLocked = 0n;
    let baseLocked = 0n;
    for (const o of core.book(1).allOrders()) {
      if (o.userId !== u) continue;
      if (o.side === 'buy') quoteLocked += o.price * o.remaining * core.quoteUnit(pair);
      else baseLocked += o.remaining * core.baseUnit(pair);
    }
    expect(wallet.get(u, QUOTE).locked).toBe(quoteLocked);
    expect(wallet.get(u, BASE).locked).toBe(baseLocked);
    expect(wallet.get(u, QUOTE).available >= 0n).toBe(true);
    expect(wallet.get(u, BASE).available >= 0n).toBe(true);
  }
}

function run(cmds: readonly Cmd[], feeRate: bigint): void {
  const world = setup(feeRate);
  const { core, wallet } = world;
  const totals = [wallet.total(QUOTE), wallet.total(BASE)];
  let nextId = 1;
  for (const cmd of cmds) {
    if (cmd.t === 'cancel') cancel(world, cmd.pick);
    else place(world, cmd, nextId++);
    expect(core.book(1).checkInvariants()).toBeNull();
    expect([wallet.total(QUOTE), wallet.total(BASE)]).toEqual(totals);
    checkLocks(world);
  }
}

describe('matching core properties', () => {
  it('conserves funds, never crosses, honours price-time priority (no fee)', () => {
    fc.assert(
      fc.property(fc.array(cmdArb, { maxLength: 80 }), (cmds) => run(cmds, 0n)),
      { numRuns: 250 },
    );
  });

  it('conserves funds with a fee (fee account included)', () => {
    fc.assert(
      fc.property(fc.array(cmdArb, { maxLength: 60 }), (cmds) => run(cmds, 250_000n)),
      { numRuns: 120 },
    );
  });

  it('a market order stops at the protective band and says so', () => {
    const core = new SpotCore([pairOf(0n)], { feeAccount: FEE_ACCOUNT, paysFees: () => true });
    const book = core.book(1);
    book.add({ id: 1, userId: 2, side: 'sell', price: 100n, remaining: 5n });
    book.add({ id: 2, userId: 2, side: 'sell', price: 104n, remaining: 5n });
    book.add({ id: 3, userId: 2, side: 'sell', price: 106n, remaining: 5n });
    const plan = core.placePlan({
      userId: 1,
      matchId: 1,
      side: 'buy',
      kind: 'market',
      price: 0n,
      qty: 12n,
    });
    expect(plan.limit).toBe(105n);
    expect(plan.filled).toBe(10n);
    expect(plan.cancelled).toBe(2n);
    expect(plan.bandLimited).toBe(true);
    const empty = new SpotCore([pairOf(0n)], { feeAccount: FEE_ACCOUNT, paysFees: () => true });
    const none = empty.placePlan({
      userId: 1,
      matchId: 1,
      side: 'sell',
      kind: 'market',
      price: 0n,
      qty: 1n,
    });
    expect(none.noLiquidity).toBe(true);
    expect(none.ops).toEqual([]);
  });

  it('delta changes report removed levels with total 0', () => {
    const core = new SpotCore([pairOf(0n)], { feeAccount: FEE_ACCOUNT, paysFees: () => true });
    const book = core.book(1);
    book.add({ id: 1, userId: 2, side: 'sell', price: 100n, remaining: 5n });
    book.drainChanges();
    const plan = core.placePlan({
      userId: 1,
      matchId: 1,
      side: 'buy',
      kind: 'limit',
      price: 100n,
      qty: 5n,
    });
    core.commit(plan, 2);
    expect(book.drainChanges()).toEqual([{ side: 'sell', price: 100n, total: 0n }]);
  });
});
