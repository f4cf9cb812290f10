// The operator tool: talks to a running reference server's operator API (the server holds
// the embedded database, so this never opens it itself). Token: ADMIN_TOKEN, else
// $DATA_DIR/admin-token (written by the server at start). Server: BOURSE_URL, else
// http://127.0.0.1:$PORT (8080).
//
//   npm run admin -- queue
//   npm run admin -- approve-withdrawal ID | reject-withdrawal ID [REASON]
//   npm run admin -- confirm-deposit ID | reject-deposit ID [REASON]
//   npm run admin -- approve-identity ID | reject-identity ID [REASON]
//   npm run admin -- deal-paid ID | confirm-deal ID | reject-deal ID
//   npm run admin -- loans [STATE]           (0 review, 1 owed, 2 rejected, 3 repaying, 4 repaid)
//   npm run admin -- loan-approve ID | loan-reject ID [REASON]     (ID of the loan)
//   npm run admin -- repay-approve ID | repay-reject ID [REASON]   (ID of the repayment)
//   npm run admin -- funding on|off          (is_open_CTbi: deposits and withdrawals)
//   npm run admin -- set KEY VALUE           (is_open_CTbi, ex_rate, company_eth_address,
//                                            user_legal_deal_cancel, user_legal_deal_cancel_time,
//                                            lever_burst_hazard_rate, lending_min_amount,
//                                            lending_max_amount, lending_address_btc|eth|
//                                            usdt_erc20|usdt_trc20, presale_name|total|issued|
//                                            price|start|end|site_url|whitepaper_url,
//                                            cancel_deposit_fee (lock-up early-cancel %, 0–100))
//   npm run admin -- region-agent ACCOUNT CITY DISTRICT
//   npm run admin -- user ACCOUNT             (balances, recent contracts)
//   npm run admin -- news LANG CATEGORY TITLE BODY.html [ABSTRACT]   (publish a notice)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const HELP = readFileSync(new URL(import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('//   npm run admin'))
  .map((l) => l.slice(5))
  .join('\n');

type Call = { path: string; method: 'GET' | 'POST'; body?: Record<string, string> };

const DECISIONS: Readonly<Record<string, { path: string; action: string }>> = {
  'approve-withdrawal': { path: 'withdrawal', action: 'approve' },
  'reject-withdrawal': { path: 'withdrawal', action: 'reject' },
  'confirm-deposit': { path: 'deposit', action: 'confirm' },
  'reject-deposit': { path: 'deposit', action: 'reject' },
  'approve-identity': { path: 'identity', action: 'approve' },
  'reject-identity': { path: 'identity', action: 'reject' },
  'deal-paid': { path: 'acceptor-deal', action: 'paid' },
  'confirm-deal': { path: 'acceptor-deal', action: 'confirm' },
  'reject-deal': { path: 'acceptor-deal', action: 'reject' },
  'loan-approve': { path: 'loan', action: 'approve' },
  'loan-reject': { path: 'loan', action: 'reject' },
  'repay-approve': { path: 'loan-repayment', action: 'approve' },
  'repay-reject': { path: 'loan-repayment', action: 'reject' },
};

function callOf(args: string[]): Call | null {
  const [command = 'queue', a = '', b = '', c = ''] = args;
  const decision = DECISIONS[command];
  if (decision !== undefined)
    return /^\d+$/.test(a)
      ? { path: decision.path, method: 'POST', body: { id: a, action: decision.action, reason: b } }
      : null;
  if (command === 'news') return newsCall(args.slice(1));
  if (command === 'loans')
    return /^[0-4]?$/.test(a)
      ? { path: a === '' ? 'loans' : `loans?state=${a}`, method: 'GET' }
      : null;
  return settingCall(command, a, b, c);
}

/** A notice: the body is read from an HTML file (the server stores it; the client sanitizes it). */
function newsCall([
  lang = '',
  category = '',
  title = '',
  file = '',
  abstract = '',
]: string[]): Call | null {
  if (file === '' || !/^\d+$/.test(category)) return null;
  const content = readFileSync(file, 'utf8');
  return { path: 'news', method: 'POST', body: { lang, c_id: category, title, abstract, content } };
}

function settingCall(command: string, a: string, b: string, c: string): Call | null {
  if (command === 'queue') return { path: 'queue', method: 'GET' };
  if (command === 'user' && a !== '')
    return { path: `user?account=${encodeURIComponent(a)}`, method: 'GET' };
  if (command === 'funding' && (a === 'on' || a === 'off'))
    return {
      path: 'setting',
      method: 'POST',
      body: { key: 'is_open_CTbi', value: a === 'on' ? '1' : '0' },
    };
  if (command === 'set' && a !== '')
    return { path: 'setting', method: 'POST', body: { key: a, value: b } };
  if (command === 'region-agent' && c !== '')
    return { path: 'region-agent', method: 'POST', body: { account: a, city: b, district: c } };
  return null;
}

function token(): string {
  const fromEnv = process.env.ADMIN_TOKEN;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const file = join(process.env.DATA_DIR ?? './data', 'admin-token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(
      `No operator token: set ADMIN_TOKEN or start the server once (it writes ${file}).`,
    );
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === 'help' || args[0] === '--help') {
    console.log(HELP);
    return 0;
  }
  const call = callOf(args);
  if (call === null) {
    console.error(`Unknown or incomplete command.\n\n${HELP}`);
    return 2;
  }
  const base = process.env.BOURSE_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
  const res = await fetch(`${base}/api/admin/${call.path}`, {
    method: call.method,
    headers: { 'x-admin-token': token(), 'content-type': 'application/x-www-form-urlencoded' },
    ...(call.body === undefined ? {} : { body: new URLSearchParams(call.body).toString() }),
  });
  const reply = (await res.json()) as { type: string; message: unknown };
  console.log(
    typeof reply.message === 'string' ? reply.message : JSON.stringify(reply.message, null, 2),
  );
  return reply.type === 'ok' ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
