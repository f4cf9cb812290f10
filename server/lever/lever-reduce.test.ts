// Partial close and reduce-only contract orders (issue 44, ADR 0061), against a real server whose
// mark price the test owns. A partial close splits the hands it closes into a closed row of their
// own and leaves the position open with the rest and its levels; hostile hands are refused and
// move nothing. A reduce-only order closes the other side's hands oldest first, never opens one,
// holds no money, is refused above the hands held, and while it waits is trimmed, then cancelled,
// as those hands go. Every balance equals its ledger. PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import { post } from '../testing/helpers.ts';
import { leverTestServer, leverWallet, notesOf } from '../testing/lever-kit.ts';

/** A submit's reply text (`{text, id}`). */
const textOf = (r: { message?: unknown }): string => (r.message as { text: string }).text;

interface Row {
  id: number;
  type: number;
  status: number;
  share: string;
  number: string;
  margin: string;
  fee: string;
  profits: string;
  reduce_only: number;
  split_from: number | null;
  target_profit_price: string;
}

describe.each(backends())('partial close and reduce-only on %s', (backend) => {
  const h = leverTestServer(backend, 'reduce');
  const { prices, trader, submit } = h;

  const close = (u: { token: string }, form: Record<string, string>) =>
    post(h.s, '/api/lever/close', form, { authorization: u.token });

  async function rows(u: { id: number }): Promise<Row[]> {
    const found = await h.s.ctx.db.query<Row & Record<string, unknown>>(
      `SELECT id, type, status, share::text, number::text, caution_money::text AS margin,
              trade_fee::text AS fee, fact_profits::text AS profits, reduce_only, split_from,
              target_profit_price::text
         FROM lever_transactions WHERE user_id = $1 ORDER BY id`,
      [u.id],
    );
    const n = (v: string) => new Decimal(v).toFixed();
    return found.map((r) => ({
      ...r,
      share: n(r.share),
      number: n(r.number),
      margin: n(r.margin),
      fee: n(r.fee),
      profits: n(r.profits),
      target_profit_price: n(r.target_profit_price),
    }));
  }

  const wallet = (u: { id: number }) => leverWallet(h.s.ctx.db, u.id);

  const notes = async (u: { id: number }, kind: string) =>
    (await notesOf(h.s.ctx.db, u.id, kind)).map((params) => ({ params }));

  const openIds = async (u: { id: number }) =>
    (await rows(u)).filter((r) => r.status === 1).map((r) => r.id);

  it('a partial close splits off the hands it closes; hostile hands move nothing', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    expect((await submit(u, { target_profit_price: '68000' })).type).toBe('ok');
    const [p] = await rows(u);
    if (p === undefined) throw new Error('no position');
    const w0 = await wallet(u);
    for (const share of ['0', '-1', '11', '1.5', '1e1', 'abc', '99999999999999999999']) {
      const r = await close(u, { id: String(p.id), share });
      expect(r.type, share).toBe('error');
    }
    expect(await rows(u)).toEqual([p]);
    expect((await wallet(u)).free.toFixed()).toBe(w0.free.toFixed());
    const again = u;
    const q = p;
    prices.mark = new Decimal('67500');
    const r = await close(again, { id: String(q.id), share: '3' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect(String(r.message)).toMatch(/3 hands closed; the position keeps 7 hands/);
    const [kept, part] = (await rows(again)) as [Row, Row];
    expect(kept).toMatchObject({ id: q.id, status: 1, share: '7', target_profit_price: '68000' });
    expect(part).toMatchObject({ status: 3, share: '3', split_from: q.id, reduce_only: 0 });
    // the two rows add up to what the position was
    expect(new Decimal(kept.margin).plus(part.margin).toFixed()).toBe(q.margin);
    expect(new Decimal(kept.fee).plus(part.fee).toFixed()).toBe(q.fee);
    expect(new Decimal(kept.number).plus(part.number).toFixed()).toBe(q.number);
    // 3 hands of 0.01 BTC from 67,006.70 at 67,500
    const profit = new Decimal('67500').minus('67006.7').times('0.03');
    expect(part.profits).toBe(profit.toFixed());
    const w1 = await wallet(again);
    expect(w1.free.toFixed()).toBe(w0.free.plus(part.margin).plus(profit).toFixed());
    expect(w1.locked.toFixed()).toBe(kept.margin);
    // the kept hands' take profit closes them, and only them
    prices.mark = new Decimal('68000');
    await h.s.leverRunner.step();
    const done = await rows(again);
    expect(done.map((x) => x.status)).toEqual([3, 3]);
    expect(done[0]?.profits).toBe(new Decimal('68000').minus('67006.7').times('0.07').toFixed());
    expect((await wallet(again)).locked.isZero()).toBe(true);
  });

  it('a market reduce-only closes the oldest other-side hands first and opens nothing', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    expect((await submit(u, { share: '2' })).type).toBe('ok');
    expect((await submit(u, { share: '3' })).type).toBe('ok');
    const [a, b] = await rows(u);
    const w0 = await wallet(u);
    // refused: more than held, levels with it, the side with nothing to reduce
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ type: '2', share: '6', reduce_only: '1' }, /5 hands long/],
      [{ type: '2', share: '1', reduce_only: '1', stop_loss_price: '68000' }, /no take-profit/],
      [{ type: '1', share: '1', reduce_only: '1' }, /no hands short/],
      [{ type: '2', share: '1', reduce_only: 'yes' }, /./],
    ];
    for (const [form, text] of refused) {
      const r = await submit(u, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
      expect(String(r.message), JSON.stringify(form)).toMatch(text);
    }
    expect(await rows(u)).toHaveLength(2);
    prices.mark = new Decimal('67100');
    const r = await submit(u, { type: '2', share: '4', reduce_only: '1', client_id: 'r1' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect(textOf(r)).toMatch(/4 hands of your longs closed at the mark price 67,100/);
    // a repeat of the same client_id is the same order: nothing more is closed
    const repeat = await submit(u, { type: '2', share: '4', reduce_only: '1', client_id: 'r1' });
    expect(repeat.type).toBe('ok');
    const after = await rows(u);
    expect(after.find((x) => x.id === a?.id)?.status).toBe(3);
    expect(after.find((x) => x.id === b?.id)).toMatchObject({ status: 1, share: '1' });
    const order = after.find((x) => x.reduce_only === 1);
    expect(order).toMatchObject({ type: 2, status: 3, share: '4', margin: '0', fee: '0' });
    // no short was opened; the closed rows hold the profits
    expect(after.filter((x) => x.type === 2 && x.reduce_only === 0)).toEqual([]);
    const closed = after.filter((x) => x.status === 3 && x.reduce_only === 0);
    expect(closed.map((x) => x.share).sort()).toEqual(['2', '2']);
    const profits = closed.reduce((acc, x) => acc.plus(x.profits), new Decimal(0));
    const margins = closed.reduce((acc, x) => acc.plus(x.margin), new Decimal(0));
    const w1 = await wallet(u);
    expect(w1.free.toFixed()).toBe(w0.free.plus(margins).plus(profits).toFixed());
    expect(profits.toFixed()).toBe(new Decimal('67100').minus('67006.7').times('0.04').toFixed());
  });

  it('a waiting reduce-only is trimmed, then cancelled, as the hands it closes go', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    expect((await submit(u, { share: '5' })).type).toBe('ok');
    const [p] = await rows(u);
    const w0 = await wallet(u);
    const r = await submit(u, {
      type: '2',
      share: '4',
      reduce_only: '1',
      status: '0',
      target_price: '69000',
    });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect(textOf(r)).toMatch(/closes 4 hands of your longs when the mark price reaches/);
    // it holds no money
    expect((await wallet(u)).free.toFixed()).toBe(w0.free.toFixed());
    await h.s.leverRunner.step();
    expect((await rows(u)).find((x) => x.reduce_only === 1)).toMatchObject({
      status: 0,
      share: '4',
    });
    // the owner closes 3 of the 5 hands: 2 are left for it
    expect((await close(u, { id: String(p?.id), share: '3' })).type).toBe('ok');
    await h.s.leverRunner.step();
    expect((await rows(u)).find((x) => x.reduce_only === 1)).toMatchObject({
      status: 0,
      share: '2',
    });
    expect((await notes(u, 'lever.trimmed')).map((n) => n.params)).toEqual([
      expect.objectContaining({ side: 'long', amount: '4', left: '2' }),
    ]);
    // the rest closed: the order goes, and says so
    expect((await close(u, { id: String(p?.id) })).type).toBe('ok');
    await h.s.leverRunner.step();
    expect((await rows(u)).find((x) => x.reduce_only === 1)?.status).toBe(4);
    expect((await notes(u, 'lever.trimmed')).map((n) => n.params.left)).toEqual(['2', '0']);
    // the mark reaching its price later does nothing
    prices.mark = new Decimal('69000');
    await h.s.leverRunner.step();
    expect((await rows(u)).filter((x) => x.status === 1 || x.status === 0)).toEqual([]);
    expect((await wallet(u)).locked.isZero()).toBe(true);
  });

  it('a waiting reduce-only fills at its price, and a revoked one moves no money', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    expect((await submit(u, { type: '2', share: '3' })).type).toBe('ok');
    const limit = { type: '1', share: '2', reduce_only: '1', status: '0' };
    expect((await submit(u, { ...limit, target_price: '66000' })).type).toBe('ok');
    expect((await submit(u, { ...limit, target_price: '65000' })).type).toBe('ok');
    const [, first, second] = await rows(u);
    const w0 = await wallet(u);
    const revoked = await post(
      h.s,
      '/api/lever/cancel',
      { id: String(second?.id) },
      { authorization: u.token },
    );
    expect(revoked.type).toBe('ok');
    expect((await wallet(u)).free.toFixed()).toBe(w0.free.toFixed());
    prices.mark = new Decimal('66000');
    await h.s.leverRunner.step();
    const after = await rows(u);
    expect(after.find((x) => x.id === first?.id)).toMatchObject({ status: 3, share: '2' });
    expect(after.find((x) => x.id === second?.id)?.status).toBe(4);
    // 2 of the 3 short hands closed at the mark; one stays open; no long opened
    expect(after.filter((x) => x.status === 1).map((x) => [x.type, x.share])).toEqual([[2, '1']]);
    expect(await openIds(u)).toHaveLength(1);
    expect(after.filter((x) => x.type === 1 && x.reduce_only === 0)).toEqual([]);
  });
});
