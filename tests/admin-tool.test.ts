// The operator tool (`npm run admin`, scripts/admin.ts): its help lists every command it
// dispatches with the arguments, and every setting the server accepts; every command reaches
// a route of the operator API; the tool works against a running server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, callOf } from '../scripts/admin-commands.ts';
import { SETTINGS } from '../server/admin/admin-routes.ts';
import { TEST_ADMIN_TOKEN } from '../server/config.ts';
import { startTestServer, type TestServer } from '../server/testing/helpers.ts';

const root = join(import.meta.dirname, '..');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool as `npm run admin` does (tsx), without a shell. */
function admin(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The lines of a section of the help (after its title, up to the next empty line). */
function section(help: string, title: string): string[] {
  const lines = help.split('\n');
  const start = lines.findIndex((l) => l.startsWith(title));
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** `  name args  summary` → `name args` (entries start at column 2; wrapped text further in). */
const entries = (lines: string[]): string[] =>
  lines.filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim().split(/ {2,}/)[0] ?? '');

const dir = mkdtempSync(join(tmpdir(), 'bourse-admin-'));
const body = join(dir, 'notice.html');
writeFileSync(body, '<p>Maintenance tonight.</p>');

/** Arguments that fit each placeholder of the help. */
const SAMPLE: Record<string, string> = {
  ID: '1',
  '[REASON]': 'checked',
  ACCOUNT: 'demo@bourse.local',
  CITY: 'Porto',
  DISTRICT: 'Baixa',
  '[STATE]': '0',
  'on|off': 'off',
  KEY: 'ex_rate',
  VALUE: '7.1',
  LANG: 'en',
  CATEGORY: '3',
  TITLE: 'Maintenance',
  'BODY.html': body,
  '[ABSTRACT]': 'Tonight',
  SECONDS: '30',
  RATIO: '85',
  '[on|off]': 'on',
  CURRENCY: 'USDT',
  PERCENT: '1',
};
const sampleArgs = (args: string): string[] =>
  args === '' ? [] : args.split(' ').map((a) => SAMPLE[a] ?? `?${a}`);

let help = '';
beforeAll(async () => {
  const run = await admin(['--help']);
  expect(run.status).toBe(0);
  help = run.stdout;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run admin -- help', () => {
  it('says what the tool is, how to run it and where the server and token come from', () => {
    expect(help).toContain('Usage: npm run admin -- COMMAND [ARGUMENTS]');
    expect(help).toContain('BOURSE_URL');
    expect(help).toContain('ADMIN_TOKEN');
    expect(help).toContain('admin-token');
  });

  it('is the same for help, --help and -h', async () => {
    for (const form of ['help', '-h']) {
      const run = await admin([form]);
      expect(run.status, form).toBe(0);
      expect(run.stdout, form).toBe(help);
    }
  });

  it('lists every command the tool dispatches, each with its arguments', () => {
    const listed = entries(section(help, 'Commands:'));
    const dispatched = COMMANDS.map((c) => (c.args === '' ? c.name : `${c.name} ${c.args}`));
    expect(listed).toEqual(dispatched);
    for (const line of listed) {
      const [name = '', ...args] = line.split(' ');
      expect(callOf([name, ...sampleArgs(args.join(' '))]), line).not.toBeNull();
    }
  });

  it('lists every setting the server accepts for `set KEY VALUE`, and only those', () => {
    const keys = entries(section(help, 'Settings'));
    expect([...keys].sort()).toEqual([...SETTINGS].sort());
  });

  it('refuses an unknown or incomplete command with the help and exit code 2', async () => {
    for (const args of [['launch-rocket'], ['approve-withdrawal'], ['funding', 'maybe']]) {
      const run = await admin(args, { ADMIN_TOKEN: 'unused', BOURSE_URL: 'http://127.0.0.1:9' });
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Unknown or incomplete command.');
      expect(run.stderr).toContain('Commands:');
    }
  });
});

describe('npm run admin against a running server', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false });
  }, 120_000);
  afterAll(async () => {
    await s.close();
  });

  it('every command is a route of the operator API', () => {
    const routes = new Set(s.routes.map((r) => `${r.method} ${r.url}`));
    for (const c of COMMANDS) {
      const call = callOf([c.name, ...sampleArgs(c.args)]);
      const path = call?.path.split('?')[0] ?? '';
      expect(routes.has(`${call?.method} /api/admin/${path}`), c.name).toBe(true);
    }
  });

  it('reads the queue and changes a setting with the operator token', async () => {
    const env = { ADMIN_TOKEN: TEST_ADMIN_TOKEN, BOURSE_URL: s.url };
    const queue = await admin(['queue'], env);
    expect(queue.status).toBe(0);
    expect(JSON.parse(queue.stdout)).toHaveProperty('withdrawals');
    const set = await admin(['set', 'presale_name', 'XYZ'], env);
    expect(set.status).toBe(0);
    const refused = await admin(['set', 'presale_site_url', 'javascript:alert(1)'], env);
    expect(refused.status).toBe(1);
    const denied = await admin(['queue'], { ADMIN_TOKEN: 'wrong', BOURSE_URL: s.url });
    expect(denied.status).toBe(1);
  });
});
