// Every declared call of the wire (ADR 0048), by domain: what the generated call table
// (docs/wire-calls.md, scripts/wire-docs.ts) and the tests walk.
import * as accounts from './accounts.ts';
import * as alerts from './alerts.ts';
import * as c2c from './c2c.ts';
import * as earn from './earn.ts';
import * as funding from './funding.ts';
import * as identity from './identity.ts';
import * as lever from './lever.ts';
import * as loans from './loans.ts';
import * as market from './market.ts';
import * as micro from './micro.ts';
import * as misc from './misc.ts';
import * as news from './news.ts';
import * as notifications from './notifications.ts';
import * as operator from './operator.ts';
import * as presale from './presale.ts';
import * as spot from './spot.ts';
import * as spotOrders from './spot-orders.ts';
import * as wallet from './wallet.ts';
import * as workspace from './workspace.ts';
import type { Call } from './call.ts';

const DOMAINS = {
  accounts,
  alerts,
  c2c,
  earn,
  funding,
  identity,
  lever,
  loans,
  market,
  micro,
  misc,
  news,
  notifications,
  operator,
  presale,
  spot,
  spotOrders,
  wallet,
  workspace,
} as const;

const isCall = (v: unknown): v is Call =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'reply' in v;

/** The declared calls, domain by domain, each domain's by path (a module's key order differs
 *  between loaders). */
export const CALLS: readonly { domain: string; name: string; call: Call }[] = Object.entries(
  DOMAINS,
).flatMap(([domain, module]) => {
  const found: { domain: string; name: string; call: Call }[] = [];
  for (const [name, value] of Object.entries(module as Record<string, unknown>))
    if (isCall(value)) found.push({ domain, name, call: value });
  return found.sort(
    (a, b) => a.call.path.localeCompare(b.call.path) || a.call.method.localeCompare(b.call.method),
  );
});
