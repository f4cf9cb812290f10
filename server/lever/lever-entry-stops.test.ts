// TP/SL set with a contract order (issue 44, ADR 0058), against a real server whose mark price
// the test owns: the levels are checked at the edge (hostile text, wrong sides, too many
// decimals, the setting closed) and a refused order moves no money; a market order's position
// carries them and closes at the one reached first, exactly once; a limit order's levels wait
// with it and act only once it has opened. Every balance equals its ledger. PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { backends } from '../db/test-databases.ts';
import { post } from '../testing/helpers.ts';
import { leverTestServer, leverWallet } from '../testing/lever-kit.ts';

interface Position {
  id: number;
  status: number;
  price: string;
  profits: string;
  target_profit_price: string;
  stop_loss_price: string;
  trigger_by: string;
  trail_rate: string;
  trail_activation: string;
  trail_peak: string;
}

describe.each(backends())('TP/SL with a contract order on %s', (backend) => {
  const h = leverTestServer(backend, 'entry-stops');
  const { prices, trader, submit } = h;

  async function rows(u: { id: number }): Promise<Position[]> {
    const found = await h.s.ctx.db.query<Position & Record<string, unknown>>(
      `SELECT id, status, price::text, fact_profits::text AS profits,
              target_profit_price::text, stop_loss_price::text, trigger_by,
              trail_rate::text, trail_activation::text, trail_peak::text
         FROM lever_transactions WHERE user_id = $1 ORDER BY id`,
      [u.id],
    );
    const n = (v: string) => new Decimal(v).toFixed();
    return found.map((r) => ({
      ...r,
      price: n(r.price),
      profits: n(r.profits),
      target_profit_price: n(r.target_profit_price),
      stop_loss_price: n(r.stop_loss_price),
      trail_rate: n(r.trail_rate),
      trail_activation: n(r.trail_activation),
      trail_peak: n(r.trail_peak),
    }));
  }

  const free = async (u: { id: number }): Promise<string> =>
    (await leverWallet(h.s.ctx.db, u.id)).free.toFixed();

  it('refuses hostile and wrong-sided levels at the edge, and moves no money', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ target_profit_price: '-1' }, /./],
      [{ target_profit_price: '0' }, /./],
      [{ stop_loss_price: '1e3' }, /./],
      [{ stop_loss_price: 'abc' }, /./],
      [{ target_profit_price: '9'.repeat(40) }, /./],
      [{ target_profit_price: '68000.001' }, /./],
      [{ target_profit_price: 'NaN' }, /./],
      // a long's take profit at or under its open price (67,006.70 with the spread)
      [{ target_profit_price: '67006.70' }, /take-profit must be above/],
      [{ stop_loss_price: '67000' }, /stop-loss below/],
      // a short mirrored
      [{ type: '2', target_profit_price: '67100' }, /take-profit must be below/],
      [{ type: '2', stop_loss_price: '66990' }, /stop-loss above/],
    ];
    for (const [form, text] of refused) {
      const r = await submit(u, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
      expect(String(r.message), JSON.stringify(form)).toMatch(text);
    }
    expect(await rows(u)).toEqual([]);
    expect(await free(u)).toBe('10000');
    // the operator's switch for stop levels closes them on orders too
    await h.s.ctx.db.query("UPDATE settings SET value = '0' WHERE key = 'user_set_stopprice'");
    try {
      const closed = await submit(u, { stop_loss_price: '60000' });
      expect(closed.message).toMatch(/not open/);
      // an order without levels is not concerned
      expect((await submit(u, { share: '1', client_id: 'plain' })).type).toBe('ok');
    } finally {
      await h.s.ctx.db.query("UPDATE settings SET value = '1' WHERE key = 'user_set_stopprice'");
    }
  });

  it('a market long carries both levels and closes at the take profit once', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const r = await submit(u, { target_profit_price: '68000', stop_loss_price: '66000' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const [p] = await rows(u);
    expect(p).toMatchObject({ status: 1, target_profit_price: '68000', stop_loss_price: '66000' });
    prices.mark = new Decimal('67999.99');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]?.status).toBe(1);
    prices.mark = new Decimal('68000');
    await h.s.leverRunner.step();
    await h.s.leverRunner.step();
    const [closed] = await rows(u);
    expect(closed?.status).toBe(3);
    // 10 hands of 0.01 BTC from 67,006.70: the stop loss never acted after it
    const profit = new Decimal('68000').minus('67006.7').times('0.1');
    expect(closed?.profits).toBe(profit.toFixed());
    prices.mark = new Decimal('60000');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]?.profits).toBe(profit.toFixed());
    expect(await free(u)).toBe(new Decimal(10000).minus('6.70067').plus(profit).toFixed());
  });

  it('a short with only a stop loss closes there, for the loss it named', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    expect((await submit(u, { type: '2', stop_loss_price: '67500' })).type).toBe('ok');
    expect((await rows(u))[0]).toMatchObject({ target_profit_price: '0' });
    prices.mark = new Decimal('67600');
    await h.s.leverRunner.step();
    const [closed] = await rows(u);
    expect(closed?.status).toBe(3);
    // opened at 67,000 − 0.01 % = 66,993.30, closed at the mark that reached the level
    expect(closed?.profits).toBe(new Decimal('66993.3').minus('67600').times('0.1').toFixed());
  });

  it("a limit order's levels wait with it and act only once it has opened", async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const r = await submit(u, {
      status: '0',
      target_price: '66000',
      target_profit_price: '67000.01',
      stop_loss_price: '65000',
    });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    // the mark above the take profit while the order waits: nothing closes
    prices.mark = new Decimal('67500');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]?.status).toBe(0);
    prices.mark = new Decimal('66000');
    await h.s.leverRunner.step();
    expect((await rows(u))[0]?.status).toBe(1);
    prices.mark = new Decimal('64999');
    await h.s.leverRunner.step();
    const [closed] = await rows(u);
    expect(closed?.status).toBe(3);
    expect(new Decimal(closed?.profits ?? 0).isNegative()).toBe(true);
  });

  it('a level that watches the last trade fires on it, and the close settles at the mark (ADR 0059)', async () => {
    prices.mark = new Decimal('67000');
    prices.last = new Decimal('67000');
    const u = await trader();
    expect((await submit(u, { trigger_by: 'index' })).type).toBe('error');
    expect((await submit(u, { stop_loss_price: '66000', client_id: 'by-mark' })).type).toBe('ok');
    const byLast = await submit(u, {
      stop_loss_price: '66000',
      trigger_by: 'last',
      client_id: 'by-last',
    });
    expect(byLast.type, JSON.stringify(byLast.message)).toBe('ok');
    expect((await rows(u)).map((r) => r.trigger_by)).toEqual(['mark', 'last']);
    // a dust trade drags the last price through the level; the mark does not move
    prices.last = new Decimal('65000');
    await h.s.leverRunner.step();
    const [watchingMark, watchingLast] = await rows(u);
    expect(watchingMark?.status).toBe(1);
    expect(watchingLast?.status).toBe(3);
    // settled at the mark (67,000), never at the last trade that triggered it
    expect(watchingLast?.profits).toBe(
      new Decimal('67000').minus('67006.7').times('0.1').toFixed(),
    );
    // a level that watches the last trade is checked against it: above the last, refused
    prices.last = new Decimal('66500');
    const refused = await submit(u, { stop_loss_price: '66600', trigger_by: 'last' });
    expect(refused.message).toMatch(/stop-loss below/);
    expect((await submit(u, { stop_loss_price: '66600', client_id: 'mark-ok' })).type).toBe('ok');
    // the dialog can switch a position to the last trade
    const open = (await rows(u)).find((r) => r.status === 1 && r.trigger_by === 'mark');
    const set = await post(
      h.s,
      '/api/lever/setstop',
      {
        id: String(open?.id),
        target_profit_price: '70000',
        stop_loss_price: '66000',
        trigger_by: 'last',
      },
      { authorization: u.token },
    );
    expect(set.type, JSON.stringify(set.message)).toBe('ok');
    expect((await rows(u)).find((r) => r.id === open?.id)?.trigger_by).toBe('last');
    prices.last = null;
  });

  it('a trailing stop follows the best price and closes when it comes back by its rate, at the mark (ADR 0060)', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    for (const form of [
      { trail_rate: '0' },
      { trail_rate: '0.09' },
      { trail_rate: '10.01' },
      { trail_rate: '1.234' },
      { trail_rate: 'abc' },
      { trail_rate: '1e1' },
      { trail_activation: '68000' },
      { trail_rate: '1', trail_activation: '-5' },
      { trail_rate: '1', trail_activation: '68000.001' },
    ]) {
      const r = await submit(u, form);
      expect(r.type, JSON.stringify(form)).toBe('error');
    }
    expect(await rows(u)).toEqual([]);
    expect((await submit(u, { trail_rate: '1', client_id: 'trail' })).type).toBe('ok');
    expect((await rows(u))[0]).toMatchObject({ trail_rate: '1', trail_peak: '0' });
    const step = async (price: string) => {
      prices.mark = new Decimal(price);
      await h.s.leverRunner.step();
      return (await rows(u))[0];
    };
    expect(await step('67000')).toMatchObject({ status: 1, trail_peak: '67000' });
    expect(await step('68000')).toMatchObject({ status: 1, trail_peak: '68000' });
    // 1 % back from 68,000 is 67,320: above it, it holds
    expect(await step('67400')).toMatchObject({ status: 1, trail_peak: '68000' });
    const closed = await step('67320');
    expect(closed?.status).toBe(3);
    expect(closed?.profits).toBe(new Decimal('67320').minus('67006.7').times('0.1').toFixed());
  });

  it('a trailing stop with an activation price waits for it, then trails from there', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    const r = await submit(u, { type: '2', trail_rate: '2', trail_activation: '66000' });
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const step = async (price: string) => {
      prices.mark = new Decimal(price);
      await h.s.leverRunner.step();
      return (await rows(u))[0];
    };
    // a short: far above its lowest, but not active yet, so nothing closes
    expect(await step('69000')).toMatchObject({ status: 1, trail_peak: '0' });
    expect(await step('66000')).toMatchObject({ status: 1, trail_peak: '66000' });
    expect(await step('65000')).toMatchObject({ status: 1, trail_peak: '65000' });
    // 2 % above 65,000 is 66,300
    expect(await step('66299')).toMatchObject({ status: 1 });
    expect((await step('66300'))?.status).toBe(3);
  });

  it('a trailing stop set on an open position, changed and removed (ADR 0062)', async () => {
    prices.mark = new Decimal('67000');
    const u = await trader();
    expect((await submit(u, { share: '10' })).type).toBe('ok');
    const [p] = await rows(u);
    const set = (form: Record<string, string>) =>
      post(h.s, '/api/lever/settrail', { id: String(p?.id), ...form }, { authorization: u.token });
    for (const form of [
      { trail_rate: '0.05' },
      { trail_rate: '10.01' },
      { trail_rate: '1e1' },
      { trail_rate: 'abc' },
      { trail_activation: '68000' },
      { trail_rate: '1', trail_activation: '-1' },
      { trail_rate: '1', trail_activation: '68000.001' },
    ]) {
      const r = await set(form);
      expect(r.type, JSON.stringify(form)).toBe('error');
    }
    expect((await rows(u))[0]).toMatchObject({ trail_rate: '0', trail_activation: '0' });
    // another user's position is not found
    const other = await trader();
    const theirs = await post(
      h.s,
      '/api/lever/settrail',
      { id: String(p?.id), trail_rate: '1' },
      { authorization: other.token },
    );
    expect(theirs.type).toBe('error');
    // set with an activation price: it waits, then trails
    expect((await set({ trail_rate: '1', trail_activation: '68000' })).type).toBe('ok');
    const step = async (price: string) => {
      prices.mark = new Decimal(price);
      await h.s.leverRunner.step();
      return (await rows(u))[0];
    };
    expect(await step('67500')).toMatchObject({ status: 1, trail_peak: '0' });
    expect(await step('68000')).toMatchObject({ status: 1, trail_peak: '68000' });
    // changed: it starts again from the next tick
    const changed = await set({ trail_rate: '2' });
    expect(String(changed.message)).toMatch(/Trailing stop set/);
    expect((await rows(u))[0]).toMatchObject({
      trail_rate: '2',
      trail_activation: '0',
      trail_peak: '0',
    });
    expect(await step('67800')).toMatchObject({ status: 1, trail_peak: '67800' });
    // removed: a fall past any line closes nothing
    expect(String((await set({ trail_rate: '' })).message)).toMatch(/removed/);
    expect(await step('60000')).toMatchObject({ status: 1, trail_rate: '0', trail_peak: '0' });
    // a closed position takes none
    const closed = await post(
      h.s,
      '/api/lever/close',
      { id: String(p?.id) },
      { authorization: u.token },
    );
    expect(closed.type).toBe('ok');
    expect((await set({ trail_rate: '1' })).type).toBe('error');
  });
});
