// Spot commands (docs/api-extensions.md "Spot"): place a limit or market order on the watched
// pair (a limit one with its time in force and post-only flag, ADR 0054) and cancel an open order. Validation first (src/shared/spot.ts, the same rules as the
// page and the server); each placement carries a fresh `client_id` (extension: the server
// answers a repeated id with the first reply), a lost or late reply is retried with that same
// id (idempotent.ts), and a second identical submit while one is in flight is refused as
// `busy` (run-command.ts). On success the balances and orders refresh.
import { validateSpotOrder } from '../../shared/spot.ts';
import type { SpotSide } from '../../shared/spot.ts';
import type { AmendSpotOrder, CommandResult, PlaceSpotOrder } from '../api.ts';
import type { EngineContext } from '../context.ts';
import { spotBuy, spotCancel, spotSell } from '../../shared/wire/spot.ts';
import { spotAmend } from '../../shared/wire/spot-orders.ts';
import { postIdempotent } from './idempotent.ts';
import { runCommand, toCommandResult } from './run-command.ts';

const text = (message: string): { message: string; data: undefined } => ({
  message,
  data: undefined,
});

/** A spot command for a pair the engine is not watching. */
export const NO_PAIR: CommandResult<never> = {
  ok: false,
  code: 'server',
  type: 'no-pair',
  message: 'no spot pair is open',
};

let issued = 0;

/** A client order id: time, randomness (injected services) and a counter, base 36. */
export function clientId(ctx: EngineContext): string {
  const { clock, random } = ctx.services;
  issued += 1;
  const r1 = Math.floor(random.next() * 2 ** 32).toString(36);
  const r2 = Math.floor(random.next() * 2 ** 32).toString(36);
  return `b${clock.now().toString(36)}${issued.toString(36)}${r1}${r2}`.slice(0, 48);
}

export function placeSpotOrder(
  ctx: EngineContext,
  /** Fetches the pair's orders and balances again (the spot sync's). */
  refresh: () => Promise<void>,
  order: PlaceSpotOrder,
  onUnknown?: () => void,
): Promise<CommandResult> {
  const view = ctx.store.state().spot.view.view;
  const price = order.mode === 2 ? order.price.trim() : '';
  const number = order.number.trim();
  const id = clientId(ctx);
  // sent only when not the default, so a plain limit order is the legacy request
  const tif = order.mode === 2 && order.tif !== undefined && order.tif !== 'gtc' ? order.tif : null;
  const postOnly = order.mode === 2 && order.postOnly === true;
  return runCommand(ctx, {
    command: 'spot-place',
    input: { symbol: view?.symbol ?? null, side: order.side, mode: order.mode, price, number },
    fields: {
      symbol: view?.symbol ?? null,
      side: order.side,
      mode: order.mode,
      price: order.mode === 2 ? price : null,
      number,
      clientId: id,
      tif,
      postOnly,
    },
    validate: () => validateSpotOrder({ side: order.side, mode: order.mode, price, number }),
    execute: async () => {
      if (view === null) return NO_PAIR;
      const reply = await postIdempotent(ctx, {
        command: 'spot-place',
        path: order.side === 'buy' ? spotBuy.path : spotSell.path,
        params: {
          legal_id: view.legalId,
          currency_id: view.currencyId,
          price: order.mode === 2 ? price : undefined,
          num: number,
          mode: order.mode,
          client_id: id,
          ...(tif === null ? {} : { tif }),
          ...(postOnly ? { post_only: '1' } : {}),
        },
        clientId: id,
        onUnknown,
      });
      const result = toCommandResult(ctx, reply, spotBuy.reply, 'reply:spot-place', text);
      // placed, or perhaps placed: the open orders and balances tell
      if (result.ok || result.code === 'unknown') void refresh();
      return result;
    },
  });
}

export function cancelSpotOrder(
  ctx: EngineContext,
  refresh: () => Promise<void>,
  input: { id: number; side: SpotSide },
): Promise<CommandResult> {
  return runCommand(ctx, {
    command: 'spot-cancel',
    input,
    fields: { id: input.id, side: input.side },
    execute: async () => {
      const reply = await ctx.rest.post(spotCancel.path, {
        id: input.id,
        type: input.side === 'buy' ? 'in' : 'out',
      });
      const result = toCommandResult(ctx, reply, spotCancel.reply, 'reply:spot-cancel', text);
      if (result.ok) void refresh();
      return result;
    },
  });
}

/**
 * Amends one of the user's open orders (issue 44, ADR 0055): a new price and/or a new total
 * amount, as typed ('' keeps it). Checked like an order's fields first; the server keeps the
 * order in the queue (only the amount lowered) or replaces it (a new id).
 */
export function amendSpotOrder(
  ctx: EngineContext,
  refresh: () => Promise<void>,
  input: AmendSpotOrder,
): Promise<CommandResult<{ id: number; kept: boolean }>> {
  const price = input.price.trim();
  const number = input.number.trim();
  return runCommand(ctx, {
    command: 'spot-amend',
    input: { id: input.id, price, number },
    fields: {
      id: input.id,
      price: price === '' ? null : price,
      number: number === '' ? null : number,
    },
    validate: () => amendIssues(input.side, price, number),
    execute: async () => {
      const reply = await ctx.rest.post(spotAmend.path, {
        id: input.id,
        ...(price === '' ? {} : { price }),
        ...(number === '' ? {} : { num: number }),
      });
      const result = toCommandResult(ctx, reply, spotAmend.reply, 'reply:spot-amend', (r) => ({
        message: r.msg,
        data: { id: r.id, kept: r.kept },
      }));
      if (result.ok || result.code === 'unknown') void refresh();
      return result;
    },
  });
}

/** The order form's rules for the fields given (an empty one is kept, not checked). */
function amendIssues(side: SpotSide, price: string, number: string) {
  return validateSpotOrder({
    side,
    mode: 2,
    price: price === '' ? '1' : price,
    number: number === '' ? '1' : number,
  });
}
