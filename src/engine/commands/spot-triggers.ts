// Spot conditional orders (issue 44, ADR 0052; docs/api-extensions.md "Conditional orders"):
// place one on the watched pair, cancel one, and the list as a read-only query. A placement is
// checked with the order form's rules (src/shared/spot.ts: the limit price of the limit kinds,
// the number) and the trigger price first, carries a fresh `client_id` (a repeated one gets the
// first order back) and refreshes the pair's balances after; so does a cancel (its reserve is
// back), and an amend (ADR 0067: the values changed, checked with the same rules; an empty one
// is kept). Logged: the pair, side, kind and figures (no personal data).
import { validateSpotOrder, type SpotValidationId } from '../../shared/spot.ts';
import {
  spotTriggerAmend,
  spotTriggerCancel,
  spotTriggerPlace,
  spotTriggers,
} from '../../shared/wire/spot-orders.ts';
import type {
  AmendSpotTrigger,
  CommandResult,
  PlaceSpotTrigger,
  SpotTriggerPage,
  SpotTriggerView,
} from '../api.ts';
import type { EngineContext } from '../context.ts';
import { spotTriggerPlaceReply, spotTriggersReply } from '../ingest/trigger-schemas.ts';
import { refreshLater, runCommand, runPost, toCommandResult } from './run-command.ts';
import { clientId, NO_PAIR } from './spot.ts';
import { runQuery } from './wallet.ts';

/**
 * The user's conditional orders: waiting, or done (triggered, cancelled, refused). Each answer
 * is logged as `triggers.listed`, so a replay shows the list as the user saw it.
 */
export async function spotTriggerList(
  ctx: EngineContext,
  status: 'waiting' | 'done',
  page: number,
): Promise<CommandResult<SpotTriggerPage>> {
  const r = await runQuery<SpotTriggerPage>(
    ctx,
    'trigger-list',
    'spot-triggers',
    { status, page },
    { method: 'GET', path: spotTriggers.path, params: { status, page }, schema: spotTriggersReply },
  );
  if (r.ok)
    ctx.store.dispatch({
      at: ctx.services.clock.now(),
      kind: 'reply',
      name: 'triggers.listed',
      body: { status, page: r.data },
    });
  return r;
}

export function placeSpotTrigger(
  ctx: EngineContext,
  refresh: () => Promise<void>,
  input: PlaceSpotTrigger,
): Promise<CommandResult<{ id: number }>> {
  const view = ctx.store.state().spot.view.view;
  const limit = input.kind.endsWith('_limit');
  const trigger = input.trigger.trim();
  const price = limit ? input.price.trim() : '';
  const number = input.number.trim();
  const oco = input.ocoPrice?.trim() ?? '';
  const id = clientId(ctx);
  const fields = {
    symbol: input.symbol,
    side: input.side,
    kind: input.kind,
    trigger,
    price,
    number,
    ...(oco === '' ? {} : { ocoPrice: oco }),
  };
  return runCommand(ctx, {
    command: 'trigger-place',
    input: fields,
    fields: { ...fields, clientId: id },
    validate: () => {
      const order = validateSpotOrder({ side: input.side, mode: limit ? 2 : 1, price, number });
      const t = validateSpotOrder({ side: input.side, mode: 2, price: trigger, number: '1' });
      const l =
        oco === '' ? {} : validateSpotOrder({ side: input.side, mode: 2, price: oco, number: '1' });
      return {
        ...order,
        trigger: t.price as SpotValidationId | undefined,
        ocoPrice: l.price as SpotValidationId | undefined,
      };
    },
    execute: async () => {
      if (view === null || view.symbol !== input.symbol) return NO_PAIR;
      const body = {
        legal_id: view.legalId,
        currency_id: view.currencyId,
        type: input.side === 'buy' ? 'in' : 'out',
        kind: input.kind,
        trigger_price: trigger,
        price: limit ? price : undefined,
        num: number,
        client_id: id,
        ...(oco === '' ? {} : { oco_price: oco }),
      };
      const reply = await ctx.rest.post(spotTriggerPlace.path, body);
      const result = toCommandResult(
        ctx,
        reply,
        spotTriggerPlaceReply,
        `reply:${spotTriggerPlace.path}`,
        (r) => ({ message: r.msg, data: { id: r.id } }),
      );
      if (result.ok) void refresh();
      return result;
    },
  });
}

export function cancelSpotTrigger(
  ctx: EngineContext,
  refresh: () => Promise<void>,
  input: Pick<SpotTriggerView, 'id'>,
): Promise<CommandResult> {
  const fields = { id: input.id };
  const spec = {
    command: 'trigger-cancel',
    path: spotTriggerCancel.path,
    params: fields,
    fields,
    validate: () => ({}),
  } as const;
  return runPost(ctx, fields, spec, spotTriggerCancel.reply, refreshLater(refresh));
}

/** Changes a waiting conditional order: only the values given ('' keeps one). */
export function amendSpotTrigger(
  ctx: EngineContext,
  refresh: () => Promise<void>,
  input: AmendSpotTrigger,
): Promise<CommandResult> {
  const trigger = input.trigger.trim();
  const price = input.limit ? input.price.trim() : '';
  const number = input.number.trim();
  const fields = {
    id: input.id,
    trigger: trigger === '' ? null : trigger,
    price: price === '' ? null : price,
    number: number === '' ? null : number,
  };
  const params = {
    id: input.id,
    ...(trigger === '' ? {} : { trigger_price: trigger }),
    ...(price === '' ? {} : { price }),
    ...(number === '' ? {} : { num: number }),
  };
  const spec = {
    command: 'trigger-amend',
    path: spotTriggerAmend.path,
    params,
    fields,
    validate: () => {
      // an empty value is kept, not checked: '1' stands in for it
      const or1 = (v: string) => (v === '' ? '1' : v);
      const order = validateSpotOrder({
        side: input.side,
        mode: 2,
        price: or1(price),
        number: or1(number),
      });
      const t = validateSpotOrder({ side: input.side, mode: 2, price: or1(trigger), number: '1' });
      return { ...order, trigger: t.price as SpotValidationId | undefined };
    },
  } as const;
  return runPost(ctx, fields, spec, spotTriggerAmend.reply, refreshLater(refresh));
}
