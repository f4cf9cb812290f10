// Changing a waiting contract order in one call (issue 44, ADR 0068), against a real server whose
// mark the test owns. A limit order's hands and price, a conditional order's trigger, a
// stop-limit's price and a reduce-only order's hands change in place: margin and fee are figured
// again and the reserve moves by exactly the difference. Hostile values, another user's order, an
// open position, a trigger reached and more than the funds move nothing. An amend meeting the tick
// that opens the order has one outcome. Every balance equals its ledger. PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import { post } from '../testing/helpers.ts';
import { leverFigures, leverRows, leverTestServer, leverWallet } from '../testing/lever-kit.ts';
import { amendLever } from './lever-amend.ts';

const GRANT = new Decimal(10000);

describe.each(backends())('amending contract orders on %s', (backend) => {
  const h = leverTestServer(backend, 'amend');
  const { prices, trader, submit } = h;

  const auth = (u: { token: string }) => ({ authorization: u.token });
  const amend = (u: { token: string }, id: number, form: Record<string, string>) =>
    post(h.s, '/api/lever/amend', { id: String(id), ...form }, auth(u));
  const rows = (u: { id: number }) => leverRows(h.s.ctx.db, u.id);
  const idOf = (r: { message: unknown }) => (r.message as { id: number }).id;

  async function wallet(u: { id: number }): Promise<{ free: string; locked: string }> {
    const w = await leverWallet(h.s.ctx.db, u.id);
    return { free: w.free.toFixed(), locked: w.locked.toFixed() };
  }

  /** The wallet of a user whose only order holds `f`. */
  const holding = (f: { margin: Decimal; fee: Decimal }) => ({
    free: GRANT.minus(f.margin).minus(f.fee).toFixed(),
    locked: f.margin.toFixed(),
  });

  it("a limit order's hands and price change in place; the reserve moves by the difference", async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const id = idOf(await submit(u, { status: '0', target_price: '66000' }));
    expect(await wallet(u)).toEqual(holding(leverFigures(1, '66000', 10)));

    let r = await amend(u, id, { share: '20' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const twenty = leverFigures(1, '66000', 20);
    const ten = leverFigures(1, '66000', 10);
    const more = twenty.margin.plus(twenty.fee).minus(ten.margin).minus(ten.fee);
    expect((r.message as { text: string }).text).toBe(
      `Order #${id + 10000} changed: 20 hands, price 66,000.00 USDT. ${more.toFixed()} USDT more is held for its margin and fee.`,
    );
    expect(await wallet(u)).toEqual(holding(twenty));

    r = await amend(u, id, { target_price: '65000', share: '5' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect((r.message as { text: string }).text).toMatch(/went back to your balance/);
    const five = leverFigures(1, '65000', 5);
    expect(await wallet(u)).toEqual(holding(five));
    expect((await rows(u))[0]).toMatchObject({
      id,
      status: 0,
      share: '5',
      origin_price: '65000',
      price: five.price,
      margin: five.margin.toFixed(),
      fee: five.fee.toFixed(),
    });

    // it opens at its new price, with the figures it holds
    prices.mark = new Decimal('65500');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]?.status).toBe(0);
    prices.mark = new Decimal('65000');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]).toMatchObject({ status: 1, share: '5', price: five.price });
    expect(await wallet(u)).toEqual(holding(five));
  });

  it('refuses hostile values, the same values, a trigger and more than the funds; nothing moves', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const id = idOf(await submit(u, { status: '0', target_price: '66000' }));
    const before = { rows: await rows(u), wallet: await wallet(u) };
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{}, /new hands, a new price or a new trigger/],
      [{ share: '', target_price: ' ' }, /new hands/],
      [{ share: '10', target_price: '66000' }, /Nothing to change/],
      [{ share: '0' }, /./],
      [{ share: '-1' }, /./],
      [{ share: '1.5' }, /./],
      [{ share: '1e1' }, /./],
      [{ share: 'abc' }, /./],
      [{ share: '9'.repeat(19) }, /./],
      [{ target_price: '0' }, /./],
      [{ target_price: '-66000' }, /./],
      [{ target_price: '6.6e4' }, /./],
      [{ target_price: 'abc' }, /./],
      [{ target_price: '66000.001' }, /./],
      [{ target_price: '9'.repeat(40) }, /./],
      // a limit long stays under the mark, as when placed
      [{ target_price: '67000' }, /./],
      [{ target_price: '68000' }, /./],
      [{ stop_price: '68000' }, /waits for no trigger/],
      // 10,000 USDT pays for about 150 hands at 66,000 and 10×
      [{ share: '200' }, /insufficient/],
    ];
    for (const [form, text] of refused) {
      const r = await amend(u, id, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
      expect(String(r.message), JSON.stringify(form)).toMatch(text);
    }
    // another user's order, an unknown one, an open position
    const other = await trader();
    expect((await amend(other, id, { share: '11' })).type).toBe('error');
    expect((await amend(u, id + 100_000, { share: '11' })).type).toBe('error');
    const open = idOf(await submit(u, { share: '1' }));
    const r = await amend(u, open, { share: '2' });
    expect(String(r.message)).toMatch(/./);
    expect(r.type).toBe('error');
    const now = await rows(u);
    expect(now[0]).toEqual(before.rows[0]);
    const openFigures = leverFigures(1, '67000', 1);
    expect(await wallet(u)).toEqual({
      free: new Decimal(before.wallet.free)
        .minus(openFigures.margin)
        .minus(openFigures.fee)
        .toFixed(),
      locked: new Decimal(before.wallet.locked).plus(openFigures.margin).toFixed(),
    });
  });

  it("a waiting stop-market's trigger moves its reserve; a reached trigger and a price are refused", async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const id = idOf(await submit(u, { stop_price: '68000', stop_kind: 'stop' }));
    expect(await wallet(u)).toEqual(holding(leverFigures(1, '68000', 10)));
    for (const [form, text] of [
      [{ stop_price: '66000' }, /already at 67,000.00/],
      [{ stop_price: '67000' }, /already at 67,000.00/],
      [{ target_price: '69000' }, /no limit price/],
      [{ stop_price: '0' }, /./],
      [{ stop_price: '1e5' }, /./],
    ] as const) {
      const r = await amend(u, id, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
      expect(String(r.message)).toMatch(text);
    }
    const r = await amend(u, id, { stop_price: '70000' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect((r.message as { text: string }).text).toMatch(/10 hands, trigger 70,000.00 USDT/);
    expect(await wallet(u)).toEqual(holding(leverFigures(1, '70000', 10)));
    expect((await rows(u))[0]).toMatchObject({ stop_price: '70000', stop_state: 1 });
    // the old trigger no longer fires it; the new one does, at the mark
    prices.mark = new Decimal('69000');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]).toMatchObject({ status: 0, stop_state: 1 });
    prices.mark = new Decimal('70100');
    await h.s.leverRunner.step();
    const opened = leverFigures(1, '70100', 10);
    expect((await rows(u))[0]).toMatchObject({ status: 1, stop_state: 2, price: opened.price });
    expect(await wallet(u)).toEqual(holding(opened));
  });

  it("a stop-limit's trigger and price change together; a triggered one is a limit order", async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const form = { type: '2', status: '0', stop_price: '66000', stop_kind: 'stop' };
    const id = idOf(await submit(u, { ...form, target_price: '65900' }));
    let r = await amend(u, id, { stop_price: '65000', target_price: '65100', share: '4' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const four = leverFigures(2, '65100', 4);
    expect(await wallet(u)).toEqual(holding(four));
    expect((await rows(u))[0]).toMatchObject({ stop_price: '65000', origin_price: '65100' });
    prices.mark = new Decimal('65000');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]).toMatchObject({ status: 0, stop_state: 2 });
    // triggered: no trigger to change; its price now stands against the mark (a short above it)
    expect(String((await amend(u, id, { stop_price: '64000' })).message)).toMatch(/no trigger/);
    expect((await amend(u, id, { target_price: '64000' })).type).toBe('error');
    r = await amend(u, id, { target_price: '65200' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect(await wallet(u)).toEqual(holding(leverFigures(2, '65200', 4)));
  });

  it("a reduce-only order's hands stay within those held, and no money moves", async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    await submit(u, { share: '3' });
    const held = await wallet(u);
    const id = idOf(
      await submit(u, {
        type: '2',
        share: '1',
        status: '0',
        target_price: '68000',
        reduce_only: '1',
      }),
    );
    expect(String((await amend(u, id, { share: '4' })).message)).toMatch(/3/);
    const r = await amend(u, id, { share: '3', target_price: '68500' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect((r.message as { text: string }).text).toMatch(/unchanged/);
    expect(await wallet(u)).toEqual(held);
    expect((await rows(u))[1]).toMatchObject({ share: '3', origin_price: '68500', margin: '0' });
  });

  it('an amend meeting the tick that opens the order has one outcome', async () => {
    for (const first of ['tick', 'amend'] as const) {
      prices.mark = new Decimal('67000');
      const u = await trader();
      const id = idOf(await submit(u, { status: '0', target_price: '66000' }));
      prices.mark = new Decimal('66000');
      const change = () =>
        amendLever(h.s.lever, { userId: u.id, id, share: 20, price: null, trigger: null }, 0).then(
          () => 'amended',
          (e: unknown) => String((e as { id?: string }).id ?? e),
        );
      const tick = () => h.s.lever.tick().then(() => 'ticked');
      const [a, b] = first === 'tick' ? [tick(), change()] : [change(), tick()];
      const outcome = await Promise.all([a, b]);
      const row = (await rows(u))[0];
      const hands = first === 'tick' ? 10 : 20;
      expect(outcome).toContain(first === 'tick' ? 'lever.notPending' : 'amended');
      const f = leverFigures(1, '66000', hands);
      expect(row).toMatchObject({ status: 1, share: String(hands), margin: f.margin.toFixed() });
      expect(await wallet(u)).toEqual(holding(f));
    }
  });
});
