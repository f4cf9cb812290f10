// `npm start`: build the client when it is missing or older than its sources, then start the
// reference server (embedded database, market simulator, demo account) serving it on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist', 'index.html');

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function clientIsStale() {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const sources = ['src', 'locales', 'index.html', 'vite.config.ts'].map((p) => join(root, p));
  return sources.some((p) => existsSync(p) && newestMtime(p) > built);
}

if (clientIsStale()) {
  console.log('bourse: building the client…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `npm start -- --workers=2` and the like reach the server
const args = ['--import', 'tsx', 'server/main.ts', ...process.argv.slice(2)];
const server = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
