// Lever commands (docs/api-extensions.md "Leveraged contracts") on the watched pair: submit
// (validated with src/shared/lever.ts against the panel's limits, with a fresh client_id; a
// lost or late reply is retried with it, idempotent.ts), close, revoke, stop levels, batch
// close. On success the lever data is fetched again.
import { checkStopPrice, validateLeverOrder } from '../../shared/lever.ts';
import { trailRateProblem } from '../../shared/lever-trailing.ts';
import type { ValidationId } from '../../shared/validation.ts';
import type { CommandResult, LeverCommandKind, LeverCommands } from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { CommandBody, CommandName } from '../events.ts';
import {
  leverAmend,
  leverBatchClose,
  leverCancel,
  leverClose,
  leverSetStop,
  leverSetTrail,
  leverSubmit,
} from '../../shared/wire/lever.ts';
import type { Params } from '../transport/rest.ts';
import { postIdempotent } from './idempotent.ts';
import { runCommand, toCommandResult } from './run-command.ts';
import { clientId } from './spot.ts';

const NO_PAIR: CommandResult = {
  ok: false,
  code: 'server',
  type: 'no-pair',
  message: 'no lever pair is open',
};

interface Spec {
  command: CommandName;
  path: string;
  params: Params;
  fields: CommandBody['fields'];
  validate: () => Partial<Record<string, ValidationId>>;
}

type Table = {
  [K in LeverCommandKind]: (input: LeverCommands[K], ctx: EngineContext, pair: Pair) => Spec;
};
interface Pair {
  symbol: string;
  legalId: number;
  currencyId: number;
}

/** A level sent with an order: trimmed, or undefined when not set. */
function level(value: string | undefined): string | undefined {
  const v = value?.trim() ?? '';
  return v === '' ? undefined : v;
}

/** The levels set with an order, checked like the position's dialog checks them. */
function levelErrors(
  i: Pick<
    LeverCommands['submit'],
    'takeProfit' | 'stopLoss' | 'trailRate' | 'trailActivation' | 'stopPrice'
  >,
): Partial<Record<string, ValidationId>> {
  const tp = level(i.takeProfit);
  const sl = level(i.stopLoss);
  const rate = level(i.trailRate);
  const activation = level(i.trailActivation);
  const errors: Partial<Record<string, ValidationId>> = {};
  const tpError = tp === undefined ? null : checkStopPrice(tp);
  const slError = sl === undefined ? null : checkStopPrice(sl);
  const actError = activation === undefined ? null : checkStopPrice(activation);
  if (tpError !== null) errors['takeProfit'] = tpError;
  if (slError !== null) errors['stopLoss'] = slError;
  if (rate !== undefined && trailRateProblem(rate) !== null)
    errors['trailRate'] = 'validation.lever.trailRate';
  if (actError !== null) errors['trailActivation'] = actError;
  const trigger = level(i.stopPrice);
  if (trigger !== undefined && checkStopPrice(trigger) === 'validation.lever.stopInvalid')
    errors['stopPrice'] = 'validation.lever.triggerInvalid';
  return errors;
}

/** A conditional order's trigger (ADR 0065) as sent: its price and kind, or nothing. */
function triggerParams(i: LeverCommands['submit']) {
  const price = level(i.stopPrice);
  return price === undefined ? {} : { stop_price: price, stop_kind: i.stopKind };
}

/** The same, as the command log records it. */
function triggerFields(i: LeverCommands['submit']) {
  const price = level(i.stopPrice);
  return { stopPrice: price ?? null, stopKind: price === undefined ? null : (i.stopKind ?? null) };
}

const SPECS: Table = {
  submit: (i, ctx, pair) => {
    const deal = ctx.store.state().lever.view.deal;
    const id = clientId(ctx);
    return {
      command: 'lever-submit',
      path: leverSubmit.path,
      params: {
        legal_id: pair.legalId,
        currency_id: pair.currencyId,
        type: i.side,
        status: i.mode,
        multiple: i.multiple ?? undefined,
        share: i.share.trim(),
        target_price: i.mode === 0 ? i.price.trim() : undefined,
        client_id: id,
        target_profit_price: level(i.takeProfit),
        stop_loss_price: level(i.stopLoss),
        trigger_by: i.triggerBy === 'last' ? 'last' : undefined,
        trail_rate: level(i.trailRate),
        trail_activation: level(i.trailActivation),
        reduce_only: i.reduceOnly === true ? '1' : undefined,
        ...triggerParams(i),
      },
      fields: {
        symbol: pair.symbol,
        side: i.side,
        mode: i.mode,
        multiple: i.multiple,
        share: i.share.trim(),
        price: i.mode === 0 ? i.price.trim() : null,
        clientId: id,
        takeProfit: level(i.takeProfit) ?? null,
        stopLoss: level(i.stopLoss) ?? null,
        triggerBy: i.triggerBy ?? 'mark',
        trailRate: level(i.trailRate) ?? null,
        trailActivation: level(i.trailActivation) ?? null,
        reduceOnly: i.reduceOnly === true,
        ...triggerFields(i),
      },
      validate: () => ({
        ...validateLeverOrder({
          multiple: i.multiple,
          mode: i.mode,
          price: i.price,
          share: i.share,
          minShare: deal?.minShare ?? 1,
          maxShare: deal?.maxShare ?? 0,
          legalId: pair.legalId,
          currencyId: pair.currencyId,
        }),
        ...levelErrors(i),
      }),
    };
  },
  close: (i) => {
    const share = i.share?.trim() ?? '';
    if (share === '') return idSpec('lever-close', leverClose.path, i.id);
    return {
      command: 'lever-close',
      path: leverClose.path,
      params: { id: i.id, share },
      fields: { id: i.id, share },
      validate: () => (/^[1-9]\d*$/.test(share) ? {} : { share: 'validation.lever.shareInteger' }),
    };
  },
  cancel: (i) => idSpec('lever-cancel', leverCancel.path, i.id),
  amend: (i) => {
    const share = i.share?.trim() ?? '';
    const price = i.price?.trim() ?? '';
    const trigger = i.trigger?.trim() ?? '';
    const given = (v: string) => (v === '' ? undefined : v);
    return {
      command: 'lever-amend',
      path: leverAmend.path,
      params: {
        id: i.id,
        share: given(share),
        target_price: given(price),
        stop_price: given(trigger),
      },
      fields: { id: i.id, share, price, trigger },
      validate: () => amendErrors(share, price, trigger),
    };
  },
  'set-stop': (i) => ({
    command: 'lever-set-stop',
    path: leverSetStop.path,
    params: {
      id: i.id,
      target_profit_price: i.takeProfit.trim(),
      stop_loss_price: i.stopLoss.trim(),
    },
    fields: { id: i.id, takeProfit: i.takeProfit.trim(), stopLoss: i.stopLoss.trim() },
    validate: () => {
      const tp = checkStopPrice(i.takeProfit);
      const sl = checkStopPrice(i.stopLoss);
      return {
        ...(tp === null ? {} : { takeProfit: tp }),
        ...(sl === null ? {} : { stopLoss: sl }),
      };
    },
  }),
  'set-trail': (i) => {
    const rate = i.trailRate.trim();
    const activation = rate === '' ? '' : i.trailActivation.trim();
    return {
      command: 'lever-set-trail',
      path: leverSetTrail.path,
      params: { id: i.id, trail_rate: rate, trail_activation: activation },
      fields: { id: i.id, trailRate: rate, trailActivation: activation },
      validate: () => levelErrors({ trailRate: rate, trailActivation: activation }),
    };
  },
  'batch-close': (i, _ctx, pair) => ({
    command: 'lever-batch-close',
    path: leverBatchClose.path,
    params: {
      type: i.type,
      ...(i.pairOnly ? { legal_id: pair.legalId, currency_id: pair.currencyId } : {}),
    },
    fields: { type: i.type, pairOnly: i.pairOnly },
    validate: () => ({}),
  }),
};

/** An amend's values as typed: whole hands, prices above 0 ('' keeps a value). */
function amendErrors(share: string, price: string, trigger: string) {
  const errors: Partial<Record<string, ValidationId>> = {};
  if (share !== '' && !/^[1-9]\d*$/.test(share)) errors['share'] = 'validation.lever.shareInteger';
  if (price !== '' && checkStopPrice(price) !== null)
    errors['price'] = 'validation.lever.priceRequired';
  if (trigger !== '' && checkStopPrice(trigger) !== null)
    errors['trigger'] = 'validation.lever.triggerInvalid';
  return errors;
}

function idSpec(command: CommandName, path: string, id: number): Spec {
  return { command, path, params: { id }, fields: { id }, validate: () => ({}) };
}

/** What a lever command needs of the watched pair (the lever sync is one). */
export interface LeverWatched {
  pair(): { symbol: string; legalId: number; currencyId: number } | null;
  /** Fetches the pair's panel and positions again. */
  refresh(): Promise<void>;
}

export function leverCommand<K extends LeverCommandKind>(
  ctx: EngineContext,
  watched: LeverWatched,
  kind: K,
  input: LeverCommands[K],
  onUnknown?: () => void,
): Promise<CommandResult> {
  const pair = watched.pair();
  if (pair === null) return Promise.resolve(NO_PAIR);
  const spec = SPECS[kind](input, ctx, pair);
  return runCommand(ctx, {
    command: spec.command,
    input: kind === 'submit' ? { kind, input: { ...input, symbol: pair.symbol } } : { kind, input },
    fields: spec.fields,
    validate: spec.validate,
    execute: async () => {
      const clientId = spec.params['client_id'];
      // a submit carries a client_id: a lost or late reply is retried with it (idempotent.ts)
      const reply =
        typeof clientId === 'string'
          ? await postIdempotent(ctx, {
              command: spec.command,
              path: spec.path,
              params: spec.params,
              clientId,
              onUnknown,
            })
          : await ctx.rest.post(spec.path, spec.params);
      const result = toCommandResult(
        ctx,
        reply,
        textOrSubmitted,
        `reply:${spec.path}`,
        (message) => ({ message, data: undefined }),
      );
      if (result.ok || result.code === 'unknown') await watched.refresh();
      return result;
    },
  });
}

/** Lever replies are a text, except submit's `{text, id, repeated}` (extension). */
const textOrSubmitted = leverSubmit.reply.transform((r) => (typeof r === 'string' ? r : r.text));
