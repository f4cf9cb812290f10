// A newcomer on a server process started as `npm start` starts it (no development calls): the
// verification code is read where a person reads it, in the server's console (the development
// sender prints every message it sends), and an account registered with it.
import type { ServerProcess } from './server-process.ts';
import { until } from './server-process.ts';

/** The code of the newest message the server printed for `to` (waits for one with a code). */
export async function printedCode(server: ServerProcess, to: string): Promise<string> {
  const prefix = `[dev sender] email to ${to.trim().toLowerCase()}: `;
  return until(() => {
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith(prefix));
    return /\b(\d{6})\b/.exec(lines.at(-1) ?? '')?.[1];
  });
}

/** Registers `email` over HTTP, the code read from the console. */
export async function registerNewcomer(
  server: ServerProcess,
  email: string,
  password: string,
): Promise<void> {
  const form = async (path: string, body: Record<string, string>) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const reply = (await res.json()) as { type: string; message: unknown };
    if (reply.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(reply)}`);
  };
  await form('/api/sms_mail', { user_string: email, type: 'register' });
  await form('/api/user/register', {
    type: 'email',
    user_string: email,
    code: await printedCode(server, email),
    password,
    re_password: password,
  });
}
