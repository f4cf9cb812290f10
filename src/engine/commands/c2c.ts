// C2C commands (docs/api-extensions.md "C2C"): publish (validated with src/shared/c2c.ts),
// take, mark paid, cancel, confirm receipt (the publisher of a sell ad or the taker of a buy
// ad), withdraw an ad. The server's `997` / `998` come back as server results for the page to
// redirect on. Lists are fetched again after each success.
import { z } from 'zod';
import { validateC2cPublish } from '../../shared/c2c.ts';
import type { RequestOut } from '../../shared/wire/call.ts';
import * as wire from '../../shared/wire/c2c.ts';
import type { C2cCommandKind, C2cCommands, CommandResult } from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { CommandName } from '../events.ts';
import { textReply } from '../ingest/schemas.ts';
import { runPost, type PostSpec } from './run-command.ts';

type Spec = PostSpec;

const idSpec = (command: CommandName, path: string, id: number): Spec => ({
  command,
  path,
  params: { id } satisfies RequestOut<typeof wire.c2cPay>,
  fields: { id },
  validate: () => ({}),
});

const SPECS: { [K in C2cCommandKind]: (i: C2cCommands[K]) => Spec } = {
  publish: (i) => ({
    command: 'c2c-publish',
    path: wire.c2cPublish.path,
    params: {
      type: i.type,
      way: i.way ?? undefined,
      price: i.price.trim(),
      total_number: i.number.trim(),
      currency_id: i.currencyId ?? undefined,
    },
    fields: {
      type: i.type,
      way: i.way,
      price: i.price.trim(),
      number: i.number.trim(),
      currencyId: i.currencyId,
    },
    validate: () => validateC2cPublish(i),
  }),
  take: (i) => idSpec('c2c-take', wire.c2cTake.path, i.id),
  pay: (i) => idSpec('c2c-pay', wire.c2cPay.path, i.id),
  cancel: (i) => idSpec('c2c-cancel', wire.c2cCancel.path, i.id),
  confirm: (i) =>
    idSpec(
      'c2c-confirm',
      i.isPublisher ? wire.c2cPublisherConfirm.path : wire.c2cTakerConfirm.path,
      i.id,
    ),
  withdraw: (i) => idSpec('c2c-withdraw', wire.c2cWithdraw.path, i.id),
};

/** Replies are a text, except take's `{msg, data}`. */
const reply = textReply.or(
  z
    .object({ msg: textReply })
    .passthrough()
    .transform((r) => r.msg),
);

export function c2cCommand<K extends C2cCommandKind>(
  ctx: EngineContext,
  /** Fetches the lists of the c2c screen again (the c2c sync's). */
  refresh: () => Promise<void>,
  kind: K,
  input: C2cCommands[K],
): Promise<CommandResult> {
  return runPost(ctx, { kind, input }, SPECS[kind](input), reply, refresh);
}
