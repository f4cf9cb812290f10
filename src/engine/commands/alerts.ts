// Price alerts (issue 25): the list as a read-only query (shared while in flight), add and
// remove as commands through runCommand. An add is checked with src/shared/price-alerts.ts
// first (direction, a price of the pair, not already crossed at the last price the page shows);
// the server applies the same rules, the limit and its own last price. Logged: the pair, the
// direction and the level (no personal data).
import { parseDecimal } from '../../shared/decimal.ts';
import { validatePriceAlert } from '../../shared/price-alerts.ts';
import * as wire from '../../shared/wire/alerts.ts';
import type { RequestOut } from '../../shared/wire/call.ts';
import type { AddPriceAlert, CommandResult, PriceAlertsView, PriceAlertView } from '../api.ts';
import type { EngineContext } from '../context.ts';
import {
  priceAlertAddReply,
  priceAlertRemoveReply,
  priceAlertsReply,
} from '../ingest/alert-schemas.ts';
import { runCommand, toCommandResult } from './run-command.ts';
import { runQuery } from './wallet.ts';

const LIST = wire.priceAlerts.path;
const ADD = wire.priceAlertAdd.path;
const REMOVE = wire.priceAlertRemove.path;

export function priceAlerts(ctx: EngineContext): Promise<CommandResult<PriceAlertsView>> {
  return runQuery<PriceAlertsView>(
    ctx,
    'alert-list',
    'price-alerts',
    {},
    {
      method: 'GET',
      path: LIST,
      params: {},
      schema: priceAlertsReply,
    },
  );
}

export function addPriceAlert(
  ctx: EngineContext,
  input: AddPriceAlert,
): Promise<CommandResult<PriceAlertView>> {
  const price = input.price.trim();
  return runCommand(ctx, {
    command: 'alert-add',
    input: { symbol: input.symbol, direction: input.direction, price },
    fields: { symbol: input.symbol, direction: input.direction, price },
    validate: () =>
      validatePriceAlert(
        { direction: input.direction, price },
        {
          dp: input.pricePrecision,
          last: input.last === null ? null : parseDecimal(input.last),
        },
      ),
    execute: async () => {
      const body: RequestOut<typeof wire.priceAlertAdd> = {
        symbol: input.symbol,
        direction: input.direction,
        price,
      };
      const r = await ctx.rest.post(ADD, body);
      return toCommandResult(ctx, r, priceAlertAddReply, `reply:${ADD}`, (alert) => ({
        message: '',
        data: alert,
      }));
    },
  });
}

export function removePriceAlert(
  ctx: EngineContext,
  input: { id: number },
): Promise<CommandResult> {
  return runCommand(ctx, {
    command: 'alert-remove',
    input: { id: input.id },
    fields: { id: input.id },
    execute: async () => {
      const body: RequestOut<typeof wire.priceAlertRemove> = { id: input.id };
      const r = await ctx.rest.post(REMOVE, body);
      return toCommandResult(ctx, r, priceAlertRemoveReply, `reply:${REMOVE}`, () => ({
        message: '',
        data: undefined,
      }));
    },
  });
}
