// The operator tool: talks to a running reference server's operator API (the server holds
// the embedded database, so this never opens it itself). Token: ADMIN_TOKEN, else
// $DATA_DIR/admin-token (written by the server at start). Server: BOURSE_URL, else
// http://127.0.0.1:$PORT (8080). The commands, and the help made from them, are in
// admin-commands.ts: `npm run admin -- help`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callOf, helpText, isHelp } from './admin-commands.ts';

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
  if (isHelp(args[0])) {
    console.log(helpText());
    return 0;
  }
  const call = callOf(args);
  if (call === null) {
    console.error(`Unknown or incomplete command.\n\n${helpText()}`);
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
