// Entry point: configuration from the environment, start, graceful shutdown. With WORKERS=N
// (and DATABASE_URL) this process is the primary of N server processes on one port
// (cluster/workers.ts); each of them runs `serve`.
import cluster from 'node:cluster';
import { createServer } from './app.ts';
import { greetsInFull, isPrimaryOf, runPrimary } from './cluster/workers.ts';
import { configFromEnv, type ServerConfig } from './config.ts';
import { ensureAdminToken } from './http/admin-auth.ts';

let config: ServerConfig;
try {
  config = configFromEnv(process.env, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
// the operator token is settled once, before any worker starts: they all take it from here
const adminToken = cluster.isWorker ? config.adminToken : ensureAdminToken(config);
if (isPrimaryOf(config.workers)) {
  if (adminToken !== null) process.env.ADMIN_TOKEN = adminToken;
  console.log(`Bourse: ${config.workers} server processes on one port (WORKERS)`);
  runPrimary(config.workers, (line) => console.log(line));
} else await serve({ ...config, adminToken });

async function serve(config: ServerConfig): Promise<void> {
  const server = await createServer(config).catch((err: unknown) => {
    console.error(
      `Bourse server failed to start: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  });
  if (greetsInFull()) greet(config, server.url);
  else console.log(`Bourse server process ${process.pid} listening on ${server.url}`);

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function greet(config: ServerConfig, url: string): void {
  console.log(`Bourse reference server listening on ${url}`);
  console.log(`Demo account: ${config.demoUser} / ${config.demoPassword}`);
  console.log(
    config.databaseUrl === null
      ? `Storage: PGlite in ${config.dataDir ?? '(memory)'}`
      : 'Storage: PostgreSQL (DATABASE_URL)',
  );
  if (config.adminToken !== null)
    console.log(
      `Operator tool: npm run admin -- help (token in ${config.dataDir ?? '.'}/admin-token)`,
    );
  console.log(
    config.simOff
      ? 'Market simulator and market makers: off (SIM_OFF)'
      : `Market makers: on${config.loadProfile === null ? '' : `, load profile ${config.loadProfile}`}`,
  );
}
