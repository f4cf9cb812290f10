// The second-contract order (docs/api-extensions.md "Second contracts"): validated with
// src/shared/micro.ts against the payment currency's rules, sent with a fresh client_id (a lost
// or late reply is retried with it, idempotent.ts); the orders and the balance are fetched
// again on success.
import { validateMicro } from '../../shared/micro.ts';
import type { CommandResult, MicroSubmit } from '../api.ts';
import type { EngineContext } from '../context.ts';
import { textReply } from '../ingest/schemas.ts';
import { z } from 'zod';
import { postIdempotent } from './idempotent.ts';
import { runCommand, toCommandResult } from './run-command.ts';
import { clientId } from './spot.ts';
import { microSubmit } from '../../shared/wire/micro.ts';

/** submit answers the created order (any object): the command only needs that it is ok. */
const placed = z.union([
  textReply,
  z
    .object({ id: z.union([z.number(), z.string()]) })
    .passthrough()
    .transform(() => ''),
]);

export function submitMicro(
  ctx: EngineContext,
  /** Fetches the orders and balances again (the micro sync's). */
  refresh: () => Promise<void>,
  order: MicroSubmit,
  onUnknown?: () => void,
): Promise<CommandResult> {
  const currency = ctx.store.state().micro.view.currencies.find((c) => c.id === order.currencyId);
  const id = clientId(ctx);
  return runCommand(ctx, {
    command: 'micro-submit',
    input: { ...order, number: order.number.trim() },
    fields: {
      matchId: order.matchId,
      currencyId: order.currencyId,
      side: order.side,
      seconds: order.seconds,
      number: order.number.trim(),
      clientId: id,
    },
    validate: () =>
      validateMicro({
        number: order.number,
        seconds: order.seconds,
        min: currency?.min ?? '1',
        max: currency?.max ?? '0',
      }),
    execute: async () => {
      const reply = await postIdempotent(ctx, {
        command: 'micro-submit',
        path: microSubmit.path,
        params: {
          match_id: order.matchId,
          currency_id: order.currencyId,
          type: order.side,
          seconds: order.seconds ?? undefined,
          number: order.number.trim(),
          client_id: id,
        },
        clientId: id,
        onUnknown,
      });
      const result = toCommandResult(
        ctx,
        reply,
        placed,
        `reply:${microSubmit.path}`,
        (message) => ({ message, data: undefined }),
      );
      if (result.ok || result.code === 'unknown') await refresh();
      return result;
    },
  });
}
