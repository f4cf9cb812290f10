// Scale orders (issue 44, ADR 0057; docs/api-extensions.md "Scale orders"): place one on the
// watched pair, cancel all of one's open orders. A placement is checked first with the legs'
// own rule (src/shared/scale.ts: the count, the skew, the range, the total) and each price and
// amount as the order form checks them, carries a fresh `client_id` (a repeated one gets the
// first scale back) and refreshes the pair's balances after. Logged: the pair, side and figures.
import { validateSpotOrder, type SpotValidationId } from '../../shared/spot.ts';
import { spotScaleCancel, spotScalePlace } from '../../shared/wire/spot-orders.ts';
import type { CommandResult, PlaceSpotScale } from '../api.ts';
import type { EngineContext } from '../context.ts';
import { refreshLater, runCommand, runPost, toCommandResult } from './run-command.ts';
import { clientId, NO_PAIR } from './spot.ts';

export function placeSpotScale(
  ctx: EngineContext,
  refresh: () => Promise<void>,
  input: PlaceSpotScale,
): Promise<CommandResult<{ group: number; count: number }>> {
  const view = ctx.store.state().spot.view.view;
  const fields = {
    symbol: input.symbol,
    side: input.side,
    from: input.from.trim(),
    to: input.to.trim(),
    count: input.count.trim(),
    number: input.number.trim(),
    skew: input.skew.trim() === '' ? '1' : input.skew.trim(),
  };
  const id = clientId(ctx);
  return runCommand(ctx, {
    command: 'scale-place',
    input: fields,
    fields: { ...fields, clientId: id },
    validate: () => {
      const side = input.side;
      const price = (v: string) =>
        validateSpotOrder({ side, mode: 2, price: v, number: '1' }).price as
          SpotValidationId | undefined;
      const amount = validateSpotOrder({ side, mode: 2, price: '1', number: fields.number });
      return {
        from: price(fields.from),
        to: price(fields.to),
        number: amount.number,
      };
    },
    execute: async () => {
      if (view === null || view.symbol !== input.symbol) return NO_PAIR;
      const body = {
        legal_id: view.legalId,
        currency_id: view.currencyId,
        type: input.side === 'buy' ? 'in' : 'out',
        from_price: fields.from,
        to_price: fields.to,
        count: fields.count,
        num: fields.number,
        skew: fields.skew,
        client_id: id,
      };
      const reply = await ctx.rest.post(spotScalePlace.path, body);
      const result = toCommandResult(
        ctx,
        reply,
        spotScalePlace.reply,
        `reply:${spotScalePlace.path}`,
        (r) => ({ message: r.msg, data: { group: r.group, count: r.ids.length } }),
      );
      if (result.ok) void refresh();
      return result;
    },
  });
}

export function cancelSpotScale(
  ctx: EngineContext,
  refresh: () => Promise<void>,
  input: { group: number },
): Promise<CommandResult> {
  const fields = { group: input.group };
  const spec = {
    command: 'scale-cancel',
    path: spotScaleCancel.path,
    params: fields,
    fields,
    validate: () => ({}),
  } as const;
  return runPost(ctx, fields, spec, spotScaleCancel.reply, refreshLater(refresh));
}
