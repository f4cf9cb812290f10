// Conditional entry orders on contracts (issue 44, ADR 0065), against a real server whose mark and
// last price the test owns. The trigger is checked at the edge (hostile text, a reached trigger, a
// reduce-only with it) and a refused order moves no money. A stop-market opens at the mark of the
// tick that reached its trigger, never at the trigger, with its margin figured again there; a
// stop-limit becomes a limit order. Each fires once, in the order placed, across a restart; a
// cancel before it returns the reserve; a gap the funds no longer pay for refuses it and says so.
// Every balance equals its ledger. PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import { post } from '../testing/helpers.ts';
import {
  leverFigures,
  leverRows,
  leverTestServer,
  leverWallet,
  notesOf,
} from '../testing/lever-kit.ts';
import type { LeverPair } from './lever-service.ts';
import { LeverService } from './lever-service.ts';

const figures = leverFigures;

describe.each(backends())('conditional contract orders on %s', (backend) => {
  const h = leverTestServer(backend, 'conditional');
  const { prices, trader, submit } = h;

  const rows = (u: { id: number }) => leverRows(h.s.ctx.db, u.id);

  async function wallet(u: { id: number }): Promise<{ free: string; locked: string }> {
    const w = await leverWallet(h.s.ctx.db, u.id);
    return { free: w.free.toFixed(), locked: w.locked.toFixed() };
  }

  const notes = (u: { id: number }, kind: string) => notesOf(h.s.ctx.db, u.id, kind);

  it('refuses a hostile or reached trigger and moves no money', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ stop_price: '0' }, /./],
      [{ stop_price: '-68000' }, /./],
      [{ stop_price: 'abc' }, /./],
      [{ stop_price: '1e5' }, /./],
      [{ stop_price: '68000.123' }, /./],
      [{ stop_price: '9'.repeat(40) }, /./],
      [{ stop_price: '68000', stop_kind: 'x' }, /./],
      // a long's stop waits for the price to rise: below the mark it has been reached
      [{ stop_price: '66000', stop_kind: 'stop' }, /already at 67,000/],
      [{ stop_price: '68000', stop_kind: 'tp' }, /already at 67,000/],
      [{ stop_price: '67000' }, /already at 67,000/],
      [{ type: '2', stop_price: '68000', stop_kind: 'stop' }, /already at 67,000/],
      // a stop-limit needs its limit price
      [{ stop_price: '68000', status: '0' }, /./],
      [{ stop_price: '68000', status: '0', target_price: '0' }, /./],
      [{ type: '2', share: '1', reduce_only: '1', stop_price: '66000' }, /trigger/],
    ];
    for (const [form, text] of refused) {
      const r = await submit(u, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
      expect(String(r.message), JSON.stringify(form)).toMatch(text);
    }
    expect(await rows(u)).toEqual([]);
    expect(await wallet(u)).toEqual({ free: '10000', locked: '0' });
  });

  it('a stop-market opens at the mark that reached it, its margin figured there, once', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    const r = await submit(u, { stop_price: '68000', stop_kind: 'stop' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    expect((r.message as { text: string }).text).toMatch(
      /When the mark price rises to 68,000.00 USDT, it opens at the mark price/,
    );
    // reserved at the trigger's figures
    const reserve = figures(1, '68000', 10);
    expect(await wallet(u)).toEqual({
      free: new Decimal(10000).minus(reserve.margin).minus(reserve.fee).toFixed(),
      locked: reserve.margin.toFixed(),
    });
    prices.mark = new Decimal('67900');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]).toMatchObject({ status: 0, stop_state: 1 });
    // the market gaps past the trigger: it opens at 69,000, not at 68,000
    prices.mark = new Decimal('69000');
    await h.s.leverRunner.step();
    const opened = figures(1, '69000', 10);
    expect((await rows(u))[0]).toMatchObject({
      status: 1,
      stop_state: 2,
      origin_price: '69000',
      price: opened.price,
      margin: opened.margin.toFixed(),
      fee: opened.fee.toFixed(),
    });
    expect(await wallet(u)).toEqual({
      free: new Decimal(10000).minus(opened.margin).minus(opened.fee).toFixed(),
      locked: opened.margin.toFixed(),
    });
    expect(await notes(u, 'lever.triggered')).toEqual([
      expect.objectContaining({ kind: 'stop', order: 'market', trigger: '68000', price: '69000' }),
    ]);
    expect(await notes(u, 'lever.opened')).toHaveLength(1);
    // later ticks do not fire it again
    prices.mark = new Decimal('68500');
    await h.s.leverRunner.step();
    prices.mark = new Decimal('69500');
    await h.s.leverRunner.step();
    expect(await notes(u, 'lever.triggered')).toHaveLength(1);
    expect((await rows(u)).filter((x) => x.status === 1)).toHaveLength(1);
  });

  it('a stop-limit becomes a limit order, which opens at its price', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    // a short's take-profit waits for the price to rise; then a limit short at 68,500
    const form = { type: '2', status: '0', stop_price: '68000', stop_kind: 'tp' };
    const r = await submit(u, { ...form, target_price: '68500' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const at = figures(2, '68500', 10);
    expect((await rows(u))[0]).toMatchObject({
      stop_dir: 1,
      stop_market: 0,
      margin: at.margin.toFixed(),
    });
    prices.mark = new Decimal('68000');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]).toMatchObject({ status: 0, stop_state: 2 });
    expect(await notes(u, 'lever.triggered')).toEqual([
      expect.objectContaining({ kind: 'tp', order: 'limit', side: 'short' }),
    ]);
    prices.mark = new Decimal('68499.99');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]?.status).toBe(0);
    prices.mark = new Decimal('68500');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]).toMatchObject({ status: 1, price: at.price });
    expect(await wallet(u)).toEqual({
      free: new Decimal(10000).minus(at.margin).minus(at.fee).toFixed(),
      locked: at.margin.toFixed(),
    });
  });

  it('watching the last trade, it fires on the last and still opens at the mark', async () => {
    prices.mark = new Decimal('67000');
    prices.last = new Decimal('67000');
    const u = await trader();
    const r = await submit(u, { stop_price: '67500', stop_kind: 'stop', trigger_by: 'last' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    // a print at the trigger (anyone's, a second account's) fires it; the mark has not moved
    prices.last = new Decimal('67500');
    await h.s.leverRunner.step();
    const opened = figures(1, '67000', 10);
    expect((await rows(u))[0]).toMatchObject({
      status: 1,
      price: opened.price,
      origin_price: '67000',
    });
    prices.last = null;
  });

  it('fires the orders one tick reaches in the order they were placed', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    for (const stop of ['68000', '67500', '67800'])
      expect((await submit(u, { share: '2', stop_price: stop })).type).toBe('ok');
    prices.mark = new Decimal('68100');
    await h.s.leverRunner.step();
    const placed = (await rows(u)).map((x) => x.stop_price);
    expect(placed).toEqual(['68000', '67500', '67800']);
    expect((await notes(u, 'lever.triggered')).map((n) => n.trigger)).toEqual(placed);
  });

  it('a cancel before the trigger returns the reserve; the crossing does nothing', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    expect((await submit(u, { stop_price: '68000' })).type).toBe('ok');
    const [p] = await rows(u);
    const c = await post(
      h.s,
      '/api/lever/cancel',
      { id: String(p?.id) },
      { authorization: u.token },
    );
    expect(c.type).toBe('ok');
    expect(await wallet(u)).toEqual({ free: '10000', locked: '0' });
    prices.mark = new Decimal('68500');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]).toMatchObject({ status: 4, stop_state: 1 });
    expect(await notes(u, 'lever.triggered')).toEqual([]);
    expect(await wallet(u)).toEqual({ free: '10000', locked: '0' });
  });

  it('a cancel racing the trigger has exactly one outcome', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    expect((await submit(u, { stop_price: '68000' })).type).toBe('ok');
    const [p] = await rows(u);
    prices.mark = new Decimal('68000');
    const [cancelled] = await Promise.all([
      post(h.s, '/api/lever/cancel', { id: String(p?.id) }, { authorization: u.token }),
      h.s.leverRunner.step(),
    ]);
    const [after] = await rows(u);
    const w = await wallet(u);
    if (cancelled.type === 'ok') {
      expect(after?.status).toBe(4);
      expect(w).toEqual({ free: '10000', locked: '0' });
    } else {
      expect(after?.status).toBe(1);
      expect(w.locked).toBe(after?.margin);
    }
  });

  it('refuses at the trigger what the funds no longer pay for, and gives the reserve back', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    // 100 hands (1 BTC) on a stop at 68,000: about 6,807 reserved
    expect((await submit(u, { share: '100', stop_price: '68000' })).type).toBe('ok');
    // a market long spends most of the rest
    expect((await submit(u, { share: '40' })).type).toBe('ok');
    const before = await wallet(u);
    const reserve = figures(1, '68000', 100);
    // the mark gaps to 75,000: 7,500 of margin, more than is free with the reserve back
    prices.mark = new Decimal('75000');
    await h.s.leverRunner.step();
    const [order, held] = await rows(u);
    expect(order).toMatchObject({ status: 4, stop_state: 3 });
    expect(held?.status).toBe(1);
    expect((await wallet(u)).free).toBe(
      new Decimal(before.free).plus(reserve.margin).plus(reserve.fee).toFixed(),
    );
    expect((await wallet(u)).locked).toBe(held?.margin);
    const [refusal] = await notes(u, 'lever.triggerRefused');
    const need = figures(1, '75000', 100);
    expect(refusal).toMatchObject({ price: '75000', need: need.margin.plus(need.fee).toFixed() });
  });

  it('a restart after the crossing fires it once, not twice and not never', async () => {
    prices.mark = new Decimal('67000');
    prices.last = null;
    const u = await trader();
    expect((await submit(u, { stop_price: '68000' })).type).toBe('ok');
    prices.mark = new Decimal('68200');
    // a new service over the same database, as after a restart, before any tick of the old one
    const pairs = (h.s.lever as unknown as { pairs: () => readonly LeverPair[] }).pairs;
    const restarted = () =>
      new LeverService(
        h.s.ctx.db,
        pairs,
        (id) => (id === 1 ? prices.mark : null),
        () => h.s.clock.now,
      );
    await restarted().tick();
    await restarted().tick();
    await h.s.leverRunner.step();
    expect((await rows(u)).map((x) => [x.status, x.stop_state])).toEqual([[1, 2]]);
    expect(await notes(u, 'lever.triggered')).toHaveLength(1);
  });
});
