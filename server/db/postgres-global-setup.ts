// vitest global setup: a PostgreSQL for the server tests that run on both backends
// (server/db/test-databases.ts). TEST_DATABASE_URL: use that server (its role needs CREATEDB);
// else start a throwaway cluster from the installed binaries (server/db/test-cluster.ts) and
// stop it at the end. Without binaries the run fails and says what to install, unless
// BOURSE_SKIP_POSTGRES=1 (then, and whenever it is set, the tests run on PGlite only).
import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startCluster } from './test-cluster.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = process.env.TEST_DATABASE_URL;
  if (process.env.BOURSE_SKIP_POSTGRES === '1') {
    console.warn('BOURSE_SKIP_POSTGRES=1: the server tests run on PGlite only.');
    project.provide('postgresUrl', null);
    return;
  }
  if (given !== undefined && given !== '') {
    project.provide('postgresUrl', given);
    return;
  }
  const bindir = findPostgresBinaries();
  if (bindir === null)
    throw new Error(
      'The server tests also run on PostgreSQL, and no PostgreSQL server binaries were found ' +
        "(pg_config --bindir, /usr/lib/postgresql/*/bin). Install Debian's `postgresql` " +
        'package (apt-get install postgresql; .ci/run does it), or set TEST_DATABASE_URL to a ' +
        'PostgreSQL whose role may CREATE DATABASE, or set BOURSE_SKIP_POSTGRES=1 to run on ' +
        'PGlite only.',
    );
  const cluster = await startCluster(bindir);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
