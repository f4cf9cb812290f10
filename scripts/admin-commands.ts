// The operator tool's commands (scripts/admin.ts): one table that both the dispatch and the
// help text are made from, so the help cannot leave a command or a setting out
// (tests/admin-tool.test.ts runs `--help` and checks it against this table and the server's
// settings).
import { readFileSync } from 'node:fs';
import type { SettingKey } from '../server/admin/admin-routes.ts';

/** One request to the operator API (`/api/admin/<path>`). */
export interface AdminCall {
  path: string;
  method: 'GET' | 'POST';
  body?: Record<string, string>;
}

export interface AdminCommand {
  name: string;
  /** The arguments as the help shows them (`ID [REASON]`), '' for none. */
  args: string;
  summary: string;
  /** The request for the arguments after the name; null when they do not fit. */
  call: (args: readonly string[]) => AdminCall | null;
}

/** What `set KEY VALUE` accepts, with the value each key takes. */
export const SETTING_HELP: Readonly<Record<SettingKey, string>> = {
  is_open_CTbi: '1 deposits and withdrawals open, 0 closed (as `funding`)',
  ex_rate: 'the USDT → CNY rate of the CNY values shown (a number above 0)',
  company_eth_address: 'the exchange’s ETH deposit address',
  user_legal_deal_cancel: 'c2c: cancellations a day before a user is stopped (3)',
  user_legal_deal_cancel_time:
    'c2c: minutes a buyer has to pay before the deal is cancelled (15; deals taken from now on)',
  lever_burst_hazard_rate: 'contracts: liquidation at this risk rate (%) or below (10)',
  lending_min_amount: 'loans: smallest amount a user may apply for',
  lending_max_amount: 'loans: largest amount a user may apply for',
  lending_address_btc: 'loans: BTC address repayments are sent to',
  lending_address_eth: 'loans: ETH address repayments are sent to',
  lending_address_usdt_erc20: 'loans: USDT (ERC-20) address repayments are sent to',
  lending_address_usdt_trc20: 'loans: USDT (TRC-20) address repayments are sent to',
  presale_name: 'pre-sale: the token’s name (BRS)',
  presale_total: 'pre-sale: planned total (a number above 0)',
  presale_issued: 'pre-sale: amount issued so far (0 or more)',
  presale_price: 'pre-sale: start price in USDT (a number above 0)',
  presale_start: 'pre-sale: start time (ISO 8601, e.g. 2026-11-01T00:00:00Z)',
  presale_end: 'pre-sale: end time (ISO 8601)',
  presale_site_url: 'pre-sale: the project’s website, an http(s) URL or a /path here',
  presale_whitepaper_url: 'pre-sale: the white paper, an http(s) URL or a /path here',
  cancel_deposit_fee: 'lock-up: early-cancel fee, percent of the principal (0–100)',
};

const numeric = (v: string) => /^\d+$/.test(v);

/** A decision on an item of the queue: `NAME ID [REASON]`. */
function decision(
  name: string,
  path: string,
  action: string,
  summary: string,
  reason: boolean,
): AdminCommand {
  return {
    name,
    args: reason ? 'ID [REASON]' : 'ID',
    summary,
    call: ([id = '', why = '']) =>
      numeric(id)
        ? { path, method: 'POST', body: { id, action, ...(reason ? { reason: why } : {}) } }
        : null,
  };
}

export const COMMANDS: readonly AdminCommand[] = [
  {
    name: 'queue',
    args: '',
    summary: 'what waits for a person (also with no command)',
    call: () => ({ path: 'queue', method: 'GET' }),
  },
  {
    name: 'cluster',
    args: '',
    summary: 'who holds each market and job (lease, epoch, last renewal), the NOTIFY queue',
    call: () => ({ path: 'cluster', method: 'GET' }),
  },
  {
    name: 'user',
    args: 'ACCOUNT',
    summary: 'balances and recent contracts of a user (e-mail or phone)',
    call: ([account = '']) =>
      account === ''
        ? null
        : { path: `user?account=${encodeURIComponent(account)}`, method: 'GET' },
  },
  decision('approve-withdrawal', 'withdrawal', 'approve', 'pay out a withdrawal', false),
  decision('reject-withdrawal', 'withdrawal', 'reject', 'refuse it (the amount goes back)', true),
  decision('confirm-deposit', 'deposit', 'confirm', 'credit a deposit request', false),
  decision('reject-deposit', 'deposit', 'reject', 'refuse a deposit request', true),
  decision('approve-identity', 'identity', 'approve', 'approve an identity submission', false),
  decision('reject-identity', 'identity', 'reject', 'refuse an identity submission', true),
  decision('deal-paid', 'acceptor-deal', 'paid', 'acceptor deal: mark the money paid', false),
  decision('confirm-deal', 'acceptor-deal', 'confirm', 'acceptor deal: complete it', false),
  decision('reject-deal', 'acceptor-deal', 'reject', 'acceptor deal: cancel it', false),
  {
    name: 'loans',
    args: '[STATE]',
    summary: 'loans (0 review, 1 owed, 2 rejected, 3 repaying, 4 repaid)',
    call: ([state = '']) =>
      /^[0-4]?$/.test(state)
        ? { path: state === '' ? 'loans' : `loans?state=${state}`, method: 'GET' }
        : null,
  },
  decision('loan-approve', 'loan', 'approve', 'approve a loan (ID of the loan)', false),
  decision('loan-reject', 'loan', 'reject', 'refuse a loan', true),
  decision('repay-approve', 'loan-repayment', 'approve', 'accept a repayment (its ID)', false),
  decision('repay-reject', 'loan-repayment', 'reject', 'refuse a repayment', true),
  {
    name: 'funding',
    args: 'on|off',
    summary: 'open or close deposits and withdrawals (is_open_CTbi)',
    call: ([state = '']) =>
      state === 'on' || state === 'off'
        ? {
            path: 'setting',
            method: 'POST',
            body: { key: 'is_open_CTbi', value: state === 'on' ? '1' : '0' },
          }
        : null,
  },
  {
    name: 'set',
    args: 'KEY VALUE',
    summary: 'change a setting (the keys are listed below)',
    call: ([key = '', value = '']) =>
      key === '' ? null : { path: 'setting', method: 'POST', body: { key, value } },
  },
  {
    name: 'micro',
    args: '',
    summary: 'second contracts: durations, payouts and fees (with each fee’s fair cap)',
    call: () => ({ path: 'micro', method: 'GET' }),
  },
  {
    name: 'micro-payout',
    args: 'SECONDS RATIO [on|off]',
    summary: 'second contracts: a duration’s profit ratio (%); refused if unfair (ADR 0040)',
    call: ([seconds = '', ratio = '', status = 'on']) =>
      numeric(seconds) && ratio !== '' && (status === 'on' || status === 'off')
        ? {
            path: 'micro-duration',
            method: 'POST',
            body: { seconds, profit_ratio: ratio, status },
          }
        : null,
  },
  {
    name: 'micro-fee',
    args: 'CURRENCY PERCENT',
    summary: 'second contracts: the fee of a currency’s stakes; refused if unfair',
    call: ([currency = '', fee = '']) =>
      currency === '' || fee === ''
        ? null
        : { path: 'micro-fee', method: 'POST', body: { currency, fee } },
  },
  {
    name: 'region-agent',
    args: 'ACCOUNT CITY DISTRICT',
    summary: 'make a user the region agent of a city and district',
    call: ([account = '', city = '', district = '']) =>
      account === '' || district === ''
        ? null
        : { path: 'region-agent', method: 'POST', body: { account, city, district } },
  },
  {
    name: 'news',
    args: 'LANG CATEGORY TITLE BODY.html [ABSTRACT]',
    summary: 'publish a notice (LANG en, zh, hk, kr, jp, spa, de, pt, ru)',
    call: newsCall,
  },
];

/** The request for a command line (no arguments: `queue`); null for an unknown command. */
export function callOf(args: readonly string[]): AdminCall | null {
  const [name = 'queue', ...rest] = args;
  return COMMANDS.find((c) => c.name === name)?.call(rest) ?? null;
}

export const isHelp = (arg: string | undefined): boolean =>
  arg === 'help' || arg === '--help' || arg === '-h';

/** The help text: usage, where the server and token come from, every command and setting. */
export function helpText(): string {
  const usage = (c: AdminCommand) => (c.args === '' ? c.name : `${c.name} ${c.args}`);
  return [
    'The Bourse operator tool: decisions and settings of a running reference server.',
    '',
    'Usage: npm run admin -- COMMAND [ARGUMENTS]',
    '       npm run admin -- help',
    '',
    'Server: BOURSE_URL, else http://127.0.0.1:$PORT (PORT 8080 when unset).',
    'Token:  ADMIN_TOKEN, else the file $DATA_DIR/admin-token (DATA_DIR ./data when unset),',
    '        which the server writes when it starts outside production.',
    '',
    'Commands:',
    ...COMMANDS.map((c) => row(usage(c), c.summary)),
    '',
    'Settings (set KEY VALUE; VALUE "" clears a text setting):',
    ...Object.entries(SETTING_HELP).map(([k, v]) => row(k, v)),
  ].join('\n');
}

const COLUMN = 34;
/** `  NAME  what it does`, the description on the next line when the name is too long. */
const row = (name: string, what: string): string =>
  name.length < COLUMN - 3
    ? `  ${name.padEnd(COLUMN - 2)}${what}`
    : `  ${name}\n${' '.repeat(COLUMN)}${what}`;

/** A notice: the body is read from an HTML file (the server stores it; the client sanitizes it). */
function newsCall([
  lang = '',
  category = '',
  title = '',
  file = '',
  abstract = '',
]: readonly string[]): AdminCall | null {
  if (file === '' || !/^\d+$/.test(category)) return null;
  const content = readFileSync(file, 'utf8');
  return { path: 'news', method: 'POST', body: { lang, c_id: category, title, abstract, content } };
}
