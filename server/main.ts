// Entry point: configuration from the environment, start, graceful shutdown.
import { createServer } from './app.ts';
import { configFromEnv } from './config.ts';
import { ensureAdminToken } from './http/admin-auth.ts';

let config;
try {
  config = configFromEnv(process.env, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
config = { ...config, adminToken: ensureAdminToken(config) };
const server = await createServer(config).catch((err: unknown) => {
  console.error(
    `Bourse server failed to start: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
console.log(`Bourse reference server listening on ${server.url}`);
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
