// `npm run dev`: the reference server (restarting on change, with the development calls of
// ADR 0020) and Vite with hot reload, which proxies /api and /wss to the server. Open the Vite
// URL it prints.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts', '--dev-routes'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
children.forEach((c) =>
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  }),
);
